import "server-only";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { env } from "@/lib/env";

export const REQUEST_ID_HEADER = "x-request-id";

/** What an id from a proxy may look like: a UUID, a ULID, Caddy's or nginx's hex ids (no spaces, nothing a log could be forged with). */
const ID = /^[A-Za-z0-9._:-]{8,128}$/;

let cached: { setting: string; list: net.BlockList } | undefined;

/**
 * TRUST_PROXY as a set of addresses: `loopback`, single addresses and CIDR ranges, IPv4 or IPv6.
 * An entry that is none of these is refused at start (lib/env.ts leaves the parsing here).
 */
export function trustedProxies(entries: string[] = env().TRUST_PROXY): net.BlockList {
  const setting = entries.join(",");
  if (cached?.setting === setting) return cached.list;
  const list = new net.BlockList();
  for (const entry of entries) {
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address, bits] = entry.split("/");
    const family = net.isIP(address);
    if (!family) throw new Error(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or "loopback".`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  cached = { setting, list };
  return list;
}

/** Whether a connection from `address` comes from a proxy TRUST_PROXY names. */
export function fromTrustedProxy(address: string | undefined): boolean {
  if (!address) return false;
  // An IPv4 peer on a dual-stack socket reads as ::ffff:a.b.c.d.
  const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  const family = net.isIP(plain);
  return family !== 0 && trustedProxies().check(plain, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The id of a request: the one a trusted proxy sent in X-Request-Id (so the proxy's logs and
 * ours name the same request), else a new one. Anyone else's X-Request-Id is ignored: a client
 * must not choose the id under which its request is logged.
 */
export function requestIdFor(header: string | string[] | undefined, peer: string | undefined): string {
  const sent = Array.isArray(header) ? header[0] : header;
  if (sent && ID.test(sent) && fromTrustedProxy(peer)) return sent;
  return randomUUID();
}
