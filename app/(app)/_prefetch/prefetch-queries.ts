import "server-only";
import type { QueryClient } from "@tanstack/react-query";
import { cookies } from "next/headers";
import { LIST_PAGE_ROWS } from "@/components/api/api-fetch";
import type { ApiQuery } from "@/components/api/api-queries";
import { env } from "@/lib/env";
import { reachableHost } from "@/lib/hosting/reachable-host";
import { readLimited } from "@/lib/http/read-body";
import { listenHost } from "@/lib/hosting/service-origin";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("prefetch");

/** Larger answers are left to the browser: they would only weigh the HTML down (a long list). */
const MAX_PREFETCHED_BYTES = 256 * 1024;
const PREFETCH_TIMEOUT_MS = 3000;

/** The address the browser's hook asks for `query` (a paged list: its first page, or the one at `cursor`). */
function queryUrl(origin: string, query: ApiQuery, cursor?: string | null): URL {
  const url = new URL(query.path, origin);
  for (const [name, value] of Object.entries(query.query ?? {})) url.searchParams.set(name, value);
  if (query.all) url.searchParams.set("limit", String(LIST_PAGE_ROWS));
  if (cursor) url.searchParams.set("cursor", cursor);
  return url;
}

/** This very process, as the pages reach their own API over loopback. */
const loopbackOrigin = () => `http://${reachableHost(listenHost())}:${env().PORT}`;

/** An answer for the page, or why the browser is left to ask for it. */
type Prefetched = { data: unknown } | { leftOut: string };

async function fetchQuery(origin: string, query: ApiQuery, forwarded: Record<string, string>): Promise<Prefetched> {
  const url = queryUrl(origin, query);
  const res = await fetch(url, { headers: forwarded, signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS), cache: "no-store" });
  // More than one page: the browser's apiFetchAll shows them as they come.
  if (res.status !== 200 || (query.all && res.headers.get("x-next-cursor"))) {
    await res.body?.cancel();
    return { leftOut: res.status !== 200 ? `status ${res.status}` : "more than one page" };
  }
  // Past the limit this throws, having read no further: the caller leaves the query out.
  return { data: JSON.parse(new TextDecoder().decode(await readLimited(res, MAX_PREFETCHED_BYTES))) };
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
  if (!queries.length) return;
  const cookie = (await cookies()).toString();
  if (!cookie) return;
  // The cookie is all the API reads of the reader: their language is their own setting.
  const forwarded = { cookie };
  const origin = loopbackOrigin();
  await Promise.all(
    queries.map(async (query) => {
      const answer = await fetchQuery(origin, query, forwarded).catch((error: unknown): Prefetched => ({ leftOut: String(error) }));
      if ("data" in answer) client.setQueryData(query.queryKey, answer.data);
      // Said, since the page then paints its loading state until the browser has asked.
      else log.info({ path: query.path, reason: answer.leftOut }, "a page's data was left to the browser");
    }),
  );
}

/** A server-rendered page's data: as the reader's browser would get it, or the status that refused it (0: no answer). */
export type PageData<T> = { ok: true; data: T; next?: string | null } | { ok: false; status: number };

/** Server-rendered pages hold what they load in memory only while they render; past this it is an error. */
const MAX_PAGE_DATA_BYTES = 8 * 1024 * 1024;

/**
 * What a page rendered on the server shows (no browser cache involved): the answer to `query` as
 * the signed-in reader gets it, asked of this process over loopback with the page's cookie like
 * prefetchQueries, with every page of a paged list. A refusal or a failure is returned, for the
 * page to show its error state.
 */
export async function loadForPage<T>(query: ApiQuery): Promise<PageData<T>> {
  const cookie = (await cookies()).toString();
  if (!cookie) return { ok: false, status: 401 };
  const origin = loopbackOrigin();
  const rows: unknown[] = [];
  let cursor: string | null = null;
  try {
    do {
      const res: Response = await fetch(queryUrl(origin, query, cursor), {
        headers: { cookie },
        signal: AbortSignal.timeout(PREFETCH_TIMEOUT_MS),
        cache: "no-store",
      });
      if (res.status !== 200) {
        await res.body?.cancel();
        return { ok: false, status: res.status };
      }
      const data: unknown = JSON.parse(new TextDecoder().decode(await readLimited(res, MAX_PAGE_DATA_BYTES)));
      // One page of a paged list (`limit` in its query): the cursor of the next, if any.
      if (!query.all) return { ok: true, data: data as T, next: res.headers.get("x-next-cursor") };
      rows.push(...(data as unknown[]));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor);
  } catch {
    return { ok: false, status: 0 };
  }
  return { ok: true, data: rows as T };
}
