import dns from "node:dns";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@/lib/errors/app-error";

/*
 * Fetching audio from another host for transcription, without becoming a proxy into the
 * server's own network (SSRF): only http(s), only hosts on TRANSCRIBE_URL_HOSTS (checked by the
 * caller), and even then every address the name resolves to must be a public one — checked at
 * connection time, on the address actually connected to (no DNS rebinding between check and
 * use) — redirects are never followed, and the download is bounded in size and time.
 */

/** The largest remote file transcribe downloads (a 2-hour WAV at 16 kHz mono is 230 MB). */
export const REMOTE_AUDIO_MAX_BYTES = 1024 * 1024 * 1024;
const TIMEOUT_MS = 10 * 60_000;

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

const refused = (message: string) => new AppError("validation_error", "The audio URL cannot be used.", [{ path: "url", message }]);

export type DownloadOptions = {
  /** Whether an address may be connected to; tests widen it to reach a local server. Default: public addresses only. */
  allowAddress?: (address: string) => boolean;
  maxBytes?: number;
};

/**
 * Downloads `url` into `dest` under the rules above, or throws a 400 (`url`) saying why not.
 * The host must already have been checked against the allow-list.
 */
export async function downloadRemoteAudio(url: URL, dest: string, options: DownloadOptions = {}): Promise<{ bytes: number }> {
  const allowAddress = options.allowAddress ?? isPublicAddress;
  const maxBytes = options.maxBytes ?? REMOTE_AUDIO_MAX_BYTES;
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused(`Only http and https URLs can be fetched, not ${url.protocol}`);
  if (url.username || url.password) throw refused("URLs with credentials are not fetched.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !allowAddress(host)) throw refused(`${host} is a private, loopback or reserved address.`);

  // Every address the name resolves to is checked, and the connection uses only those.
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { all: true, family: lookupOptions.family as number | undefined }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !allowAddress(a.address));
      if (bad || !list.length) return callback(refused(`${hostname} resolves to ${bad?.address ?? "no address"}, a private, loopback or reserved address.`), "", 0);
      if ((lookupOptions as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

  const client = url.protocol === "https:" ? https : http;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.get(url, { lookup, agent: false, timeout: TIMEOUT_MS, headers: { accept: "audio/*, video/webm, application/octet-stream", "user-agent": "credentials-administration-service" } }, resolve);
    req.on("timeout", () => req.destroy(refused("The audio host did not answer in time.")));
    req.on("error", (error) => reject(error instanceof AppError ? error : refused(`Could not fetch the audio: ${error.message}`)));
  });
  if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400) {
    res.destroy();
    throw refused(`The audio URL answered with a redirect (${res.statusCode}); redirects are not followed: send the final URL.`);
  }
  if (res.statusCode !== 200) {
    res.destroy();
    throw refused(`The audio URL answered with HTTP ${res.statusCode}.`);
  }
  if (Number(res.headers["content-length"] ?? 0) > maxBytes) {
    res.destroy();
    throw refused(`The audio file is larger than ${maxBytes} bytes.`);
  }
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? refused(`The audio file is larger than ${maxBytes} bytes.`) : null, chunk);
    },
  });
  try {
    await pipeline(res, limit, fs.createWriteStream(dest));
  } catch (error) {
    throw error instanceof AppError ? error : refused(`The download of the audio failed: ${(error as Error).message}`);
  }
  return { bytes };
}
