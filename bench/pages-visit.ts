/**
 * One cold visit of a page for `npm run bench:pages`: the scripts it requests before its load
 * event, each gzipped at level 6 as the server would send it, and those after (deferred), with
 * the page's HTML (gzipped, as with its scripts: the RSC payload with its messages is inlined there)
 * and the largest contentful paint, in a fresh browser context; and the API answers the page asks
 * for until the network is idle (gzipped: what it fetches beyond what came prefetched in its HTML).
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";

type Script = { url: string; gzip: number; deferred: boolean };
export type Visit = {
  finalPath: string;
  scripts: Script[];
  firstLoad: number;
  deferred: number;
  htmlGzip: number;
  /** The API answers the page fetched (their count, and their bodies gzipped, summed). */
  api: { requests: number; gzip: number };
  lcpMs: number;
};

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** `origin` + `pathname`, with `token` as the next-auth session cookie when given. */
export async function visit(browser: Browser, origin: string, pathname: string, token: string | undefined): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) await context.addCookies([{ name: "next-auth.session-token", value: token, url: origin }]);
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const page = await context.newPage();
  const sizes: Promise<{ url: string; gzip: number }>[] = [];
  const documents: Promise<number>[] = [];
  const apiAnswers: Promise<number>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if ((type === "fetch" || type === "xhr") && new URL(response.url()).pathname.startsWith("/api/"))
      apiAnswers.push(
        response.body().then(
          (body) => gzipSync(body, { level: 6 }).length,
          () => 0,
        ),
      );
    if (response.request().resourceType() === "document")
      documents.push(
        response.body().then(
          (body) => gzipSync(body, { level: 6 }).length,
          () => 0,
        ),
      );
    if (response.request().resourceType() !== "script") return;
    const url = new URL(response.url()).pathname;
    sizes.push(
      response.body().then(
        (body) => ({ url, gzip: gzipSync(body, { level: 6 }).length }),
        () => ({ url, gzip: 0 }),
      ),
    );
  });
  await page.goto(`${origin}${pathname}`, { waitUntil: "networkidle" });
  // LCP stops changing once the page has settled; a short pause lets the last entry arrive.
  await page.waitForTimeout(300);
  const { lcpMs, loadedAt, requested } = await page.evaluate(() => ({
    lcpMs: (window as unknown as { __lcp: number }).__lcp,
    loadedAt: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
    requested: performance.getEntriesByType("resource").map((e) => [new URL(e.name).pathname, e.startTime] as const),
  }));
  const startOf = new Map(requested);
  const finalPath = new URL(page.url()).pathname + new URL(page.url()).search;
  const scripts: Script[] = (await Promise.all(sizes)).map((s) => ({ ...s, deferred: (startOf.get(s.url) ?? 0) > loadedAt }));
  await context.close();
  const sum = (list: Script[]) => list.reduce((total, s) => total + s.gzip, 0);
  const htmlGzip = (await Promise.all(documents)).pop() ?? 0;
  const apiSizes = await Promise.all(apiAnswers);
  const api = { requests: apiSizes.length, gzip: apiSizes.reduce((total, n) => total + n, 0) };
  return { finalPath, scripts, htmlGzip, api, firstLoad: sum(scripts.filter((s) => !s.deferred)), deferred: sum(scripts.filter((s) => s.deferred)), lcpMs };
}
