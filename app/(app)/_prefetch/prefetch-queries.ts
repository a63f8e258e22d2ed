import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { cookies, headers } from "next/headers";
import { LIST_PAGE_ROWS } from "@/components/api/api-fetch";
import type { ApiQuery } from "@/components/api/api-queries";
import { env } from "@/lib/env";
import { reachableHost } from "@/lib/hosting/reachable-host";
import { listenHost } from "@/lib/hosting/service-origin";

/** Larger answers are left to the browser: they would only weigh the HTML down (a long list). */
const MAX_PREFETCHED_BYTES = 256 * 1024;
const PREFETCH_TIMEOUT_MS = 3000;

/** The answer's text, or null past `max` bytes (the rest is never read). */
async function textUpTo(res: Response, max: number): Promise<string | null> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

async function fetchQuery(origin: string, query: ApiQuery, forwarded: Record<string, string>): Promise<unknown> {
  const url = new URL(query.path, origin);
  for (const [name, value] of Object.entries(query.query ?? {})) url.searchParams.set(name, value);
  if (query.all) url.searchParams.set("limit", String(LIST_PAGE_ROWS));
  const res = await fetch(url, { headers: forwarded, signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS), cache: "no-store" });
  // More than one page: the browser's apiFetchAll shows them as they come.
  if (res.status !== 200 || (query.all && res.headers.get("x-next-cursor"))) {
    await res.body?.cancel();
    return undefined;
  }
  const text = await textUpTo(res, MAX_PREFETCHED_BYTES);
  return text === null ? undefined : JSON.parse(text);
}

/**
 * Puts into `client` the answers to `queries` as the signed-in reader of this page gets them,
 * asked of this very process over loopback with the page's own cookie: the same handler,
 * permission checks and JSON as the browser's request would get. The page hands the client's
 * state to the browser's cache (HydrationBoundary), so its content comes with the HTML
 * instead of after the JavaScript and a round trip. A query that fails, is slow or is large is
 * left out: the browser asks for it as before and shows its loading and error states.
 */
export async function prefetchQueries(client: QueryClient, queries: ApiQuery[]): Promise<void> {
  const cookie = (await cookies()).toString();
  if (!cookie) return;
  const language = (await headers()).get("accept-language");
  const forwarded: Record<string, string> = { cookie, ...(language ? { "accept-language": language } : {}) };
  const origin = `http://${reachableHost(listenHost())}:${env().PORT}`;
  await Promise.all(
    queries.map(async (query) => {
      const data = await fetchQuery(origin, query, forwarded).catch(() => undefined);
      if (data !== undefined) client.setQueryData(query.queryKey, data);
    }),
  );
}
