import "server-only";
import fs from "node:fs";
import path from "node:path";
import { buildDir } from "@/lib/supervisor/build-dir";

type Pattern = { route: string; regex: RegExp; rank: number[] };

/**
 * The app's routes as the build lists them (`app/people/[id]/page`, `app/api/people/[id]/route`):
 * a request is counted and logged under its route's pattern (`/people/[id]`), never its path, so
 * that ids do not become log fields nobody can group by, nor metric series without end.
 */
function compile(route: string): Pattern {
  const segments = route.split("/").filter(Boolean);
  let source = "";
  for (const segment of segments) {
    if (/^\[\[\.\.\.\w+\]\]$/.test(segment)) source += "(?:/.*)?";
    else if (/^\[\.\.\.\w+\]$/.test(segment)) source += "/.+";
    else if (/^\[\w+\]$/.test(segment)) source += "/[^/]+";
    else source += "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  // Static segments first, then single parameters, then catch-alls: the router's own order.
  const rank = [-segments.filter((s) => !s.startsWith("[")).length, segments.filter((s) => s.startsWith("[...") || s.startsWith("[[...")).length];
  return { route: route || "/", regex: new RegExp(`^${source || "/"}/?$`), rank };
}

/** A manifest key (`/(app)/people/[id]/page`) as the path pattern it serves (`/people/[id]`). */
export function routeOfManifestKey(key: string): string {
  const segments = key.split("/").filter((s) => s && !/^\(.*\)$/.test(s) && !s.startsWith("@"));
  if (/^(page|route)$/.test(segments.at(-1) ?? "")) segments.pop();
  return "/" + segments.join("/");
}

let loaded: { dir: string; patterns: Pattern[] | null } | undefined;

function patterns(): Pattern[] | null {
  const dir = buildDir();
  if (loaded?.dir === dir) return loaded.patterns;
  let list: Pattern[] | null = null;
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, "server", "app-paths-manifest.json"), "utf8")) as Record<string, string>;
    const routes = new Set(
      Object.keys(manifest)
        .map(routeOfManifestKey)
        .filter((r) => !r.startsWith("/_")),
    );
    list = [...routes].map(compile).sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
  } catch {
    // No build (next dev, tests): paths are normalised instead.
  }
  loaded = { dir, patterns: list };
  return list;
}

/** An id-like segment: long, or holding a digit (ids are UUIDs and cuids; route names are words). */
const looksLikeId = (segment: string) => /^[A-Za-z0-9_-]+$/.test(segment) && (segment.length >= 16 || /\d/.test(segment));

/** The pattern of the route serving `path` (the query is never part of it). */
export function routePatternOf(rawPath: string): string {
  const pathname = rawPath.split(/[?#]/)[0] || "/";
  if (pathname.startsWith("/_next/")) return pathname.startsWith("/_next/static/") ? "/_next/static" : "/_next";
  const list = patterns();
  if (list) return list.find((p) => p.regex.test(pathname))?.route ?? "unmatched";
  const segments = pathname.split("/").filter(Boolean).slice(0, 8);
  return "/" + segments.map((s) => (looksLikeId(s) ? "[id]" : s)).join("/");
}
