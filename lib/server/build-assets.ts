import "server-only";
import fs from "node:fs/promises";
import type http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compressible from "compressible";
import { contentType } from "mime-types";
import Negotiator from "negotiator";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

type Encoding = "br" | "gzip" | "identity";

/** One file of the build, its encodings made on first demand and kept. */
type Asset = {
  type: string;
  etag: string;
  bodies: Partial<Record<Encoding, Promise<Buffer>>>;
  raw: Buffer;
};

/** Smaller files are sent as they are: compressing saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;
const IMMUTABLE = "public, max-age=31536000, immutable";
const PREFIX = "/_next/static/";
const ENCODINGS: readonly Encoding[] = ["br", "gzip", "identity"];

type PreferringNegotiator = { encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined };

/** The client's best encoding; among equals ("gzip, deflate, br"), ours: br. negotiator 1.x takes that preference; its published types predate it. */
const encodingFor = (req: http.IncomingMessage) =>
  (new Negotiator(req) as unknown as PreferringNegotiator).encoding(ENCODINGS, { preferred: ENCODINGS }) as Encoding | undefined;

function encode(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === "br") return brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  if (encoding === "gzip") return gzip(raw, { level: 9 });
  return Promise.resolve(raw);
}

/**
 * The build's hashed files (`/_next/static/…`: scripts, styles, fonts), served by the app's
 * server from memory, each compressed once per process and encoding rather than on every request.
 * Next.js read each from disk and the compression middleware gzipped it again for each visitor:
 * about 5 ms of CPU per script, 70 ms per cold page load, taken from the same cores the page's
 * own requests need. A file's name carries its content's hash, so what is kept never goes stale;
 * only files that exist are kept, so the memory is bounded by the build (about 2 MB raw, 1 MB
 * compressed). Answers what it serves (true); anything else (another path, a method other than
 * GET or HEAD, a name that is not a file of the build) is left to Next.js (false).
 */
export function buildAssets(staticDir: string) {
  const root = path.resolve(staticDir);
  const assets = new Map<string, Promise<Asset | null>>();

  async function load(file: string): Promise<Asset | null> {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const raw = await fs.readFile(file);
    const type = contentType(path.extname(file)) || "application/octet-stream";
    return { type, raw, etag: `W/"${raw.length.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`, bodies: {} };
  }

  function assetAt(urlPath: string): Promise<Asset | null> | null {
    let relative: string;
    try {
      relative = decodeURIComponent(urlPath.slice(PREFIX.length));
    } catch {
      return null;
    }
    if (!relative || relative.includes("\0")) return null;
    const file = path.resolve(root, relative);
    if (!file.startsWith(root + path.sep)) return null;
    const known = assets.get(file);
    if (known) return known;
    // Missing files are not remembered: their names come from whoever asks, without bound.
    const loading = load(file).then((asset) => {
      if (!asset) assets.delete(file);
      return asset;
    });
    assets.set(file, loading);
    return loading;
  }

  return async function serveBuildAsset(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const urlPath = (req.url ?? "").split("?")[0];
    if (!urlPath.startsWith(PREFIX)) return false;
    const asset = await assetAt(urlPath);
    if (!asset) return false;
    const headers: http.OutgoingHttpHeaders = { "Content-Type": asset.type, "Cache-Control": IMMUTABLE, ETag: asset.etag, Vary: "Accept-Encoding" };
    if (req.headers["if-none-match"] === asset.etag) {
      res.writeHead(304, headers).end();
      return true;
    }
    // The compression middleware's rules: its list of compressible types, and a client that
    // refuses every encoding gets the file as it is.
    const worthIt = asset.raw.length >= COMPRESS_FROM_BYTES && compressible(asset.type);
    const encoding: Encoding = (worthIt && encodingFor(req)) || "identity";
    const body = await (asset.bodies[encoding] ??= encode(asset.raw, encoding));
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = body.length;
    res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : body);
    return true;
  };
}

export type ServeBuildAsset = ReturnType<typeof buildAssets>;
