/**
 * Where a process on this machine reaches a server listening on `host`: loopback for a
 * wildcard address, the address itself otherwise (an IPv6 one in brackets, for a URL).
 */
export function reachableHost(host: string) {
  if (host === "0.0.0.0" || host === "::" || host === "[::]") return "127.0.0.1";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
