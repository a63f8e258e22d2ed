import "server-only";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "@/lib/errors/app-error";
import { checkedLookup, isPublicAddress } from "@/lib/net/public-address";

export { isPublicAddress };

/*
 * Fetching audio from another host for transcription, without becoming a proxy into the
 * server's own network (SSRF): only http(s), only hosts on TRANSCRIBE_URL_HOSTS (checked by the
 * caller), and even then every address the name resolves to must be a public one — checked at
 * connection time, on the address actually connected to (no DNS rebinding between check and
 * use; lib/net/public-address.ts) — redirects are never followed, and the download is bounded
 * in size and time.
 */

/** The largest remote file transcribe downloads (a 2-hour WAV at 16 kHz mono is 230 MB). */
const REMOTE_AUDIO_MAX_BYTES = 1024 * 1024 * 1024;
const TIMEOUT_MS = 10 * 60_000;

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
  const lookup = checkedLookup(allowAddress, refused);

  const client = url.protocol === "https:" ? https : http;
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup,
        agent: false,
        timeout: TIMEOUT_MS,
        headers: { accept: "audio/*, video/webm, application/octet-stream", "user-agent": "credentials-administration-service" },
      },
      resolve,
    );
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
