import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Ctx } from "@/lib/auth/context";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors/app-error";
import { resolveFile } from "@/lib/files/resolve-file";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { storage } from "@/lib/storage/storage";
import { downloadRemoteAudio, type DownloadOptions } from "./remote-audio";
import { withTempDir } from "@/lib/media/temp-dir";

const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

const badUrl = (message: string) => new AppError("validation_error", "The audio URL cannot be used.", [{ path: "url", message }]);

/** The storage key of one of this service's own file URLs (`{base_url}/files/<key>` or `/files/<key>`), null for any other URL. */
function ownFileKey(raw: string): string | null {
  const origin = new URL(serviceOrigin());
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    throw badUrl("Not a URL.");
  }
  if (url.origin !== origin.origin) return null;
  if (!url.pathname.startsWith("/files/")) throw badUrl(`Only stored files (${origin.origin}/files/…) of this service can be transcribed.`);
  let segments: string[];
  try {
    segments = url.pathname.slice("/files/".length).split("/").map(decodeURIComponent);
  } catch {
    throw notFound("File");
  }
  if (segments.length < 3 || segments.some((s) => !SEGMENT.test(s))) throw notFound("File");
  return segments.join("/");
}

/** Whether `url`'s host is on TRANSCRIBE_URL_HOSTS (host names compared without brackets and case). */
function isAllowedHost(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return env().TRANSCRIBE_URL_HOSTS.some((allowed) => allowed.replace(/^\[|\]$/g, "") === host);
}

/** Where transcribe reads audio from: a stored file of this service, or an allowed remote URL. */
export type AudioSource = { kind: "stored"; key: string } | { kind: "remote"; url: URL };

/**
 * Checks `url` without fetching anything: this service's own file URLs must name a stored file
 * the caller may see (404 otherwise); another host must be on TRANSCRIBE_URL_HOSTS and speak
 * http(s). Anything else is a 400 on `url`. Addresses are checked when connecting.
 */
export async function audioSource(ctx: Ctx, rawUrl: string): Promise<AudioSource> {
  const key = ownFileKey(rawUrl);
  if (key !== null) {
    const file = await resolveFile(ctx, key);
    if (file.kind !== "stored") throw badUrl("This file is not audio.");
    return { kind: "stored", key: file.key };
  }
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw badUrl("Not a URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badUrl(`Only http and https URLs can be fetched, not ${url.protocol}`);
  if (!isAllowedHost(url)) {
    throw badUrl(`${url.hostname} is not this service and not on TRANSCRIBE_URL_HOSTS: use the url finalize returned, or ask the operator to allow that host.`);
  }
  return { kind: "remote", url };
}

/**
 * Runs `work` with the audio of `source` as a local file, removed afterwards. Stored files are
 * read from storage (never fetched over HTTP); remote ones are fetched under the SSRF rules of
 * remote-audio.ts (public addresses only, no redirects, bounded).
 */
export async function withAudioFrom<T>(source: AudioSource, work: (file: string) => Promise<T>, download: DownloadOptions = {}): Promise<T> {
  return withTempDir(async (dir) => {
    if (source.kind === "stored") {
      const object = await storage().get(source.key);
      if (!object) throw notFound("File");
      const local = path.join(dir, `audio${path.extname(source.key) || ".webm"}`);
      await pipeline(Readable.fromWeb(object.body as import("node:stream/web").ReadableStream<Uint8Array>), fs.createWriteStream(local));
      return work(local);
    }
    const local = path.join(dir, "remote-audio");
    await downloadRemoteAudio(source.url, local, download);
    return work(local);
  });
}
