import dns from "node:dns";
import net from "node:net";

/*
 * Server-side requests to addresses a caller chose (transcribe's audio URL, webhook endpoints)
 * must not become a proxy into the server's own network (SSRF). These are the shared parts:
 * which addresses are public, and a DNS lookup for http(s) requests that checks every address a
 * name resolves to and connects only to those, so the check holds for the address actually
 * connected to (no DNS rebinding between check and use).
 */

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata: 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64: reaches IPv4 addresses
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: reaches IPv4 addresses
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`), else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower) ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address on the public Internet; false for private, loopback, link-local, reserved and the like. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").split("%")[0];
  const family = net.isIP(bare);
  if (family === 4) return !blocked.check(bare, "ipv4");
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    return v4 ? isPublicAddress(v4) : !blocked.check(bare, "ipv6");
  }
  return false;
}

/** A URL's host without IPv6 brackets, lower-cased. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** Whether `url`'s host is on an operator's allow-list (entries compared without brackets and case). */
export const hostOnList = (url: URL, list: readonly string[]) => {
  const host = bareHost(url);
  return list.some((allowed) => allowed.replace(/^\[|\]$/g, "").toLowerCase() === host);
};

/**
 * A `lookup` for http(s).request that resolves every address of the name and refuses the
 * connection (with `refuse(message)`) unless each one passes `allowAddress`; the socket then
 * connects only to an address that was checked.
 */
export function checkedLookup(allowAddress: (address: string) => boolean, refuse: (message: string) => Error): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { all: true, family: lookupOptions.family as number | undefined }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowAddress(a.address));
      if (bad || !list.length)
        return callback(refuse(`${hostname} resolves to ${bad?.address ?? "no address"}, a private, loopback or reserved address.`), "", 0);
      if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
