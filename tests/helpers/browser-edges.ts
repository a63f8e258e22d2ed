import "fake-indexeddb/auto";
import { vi } from "vitest";

/**
 * The browser's edges, faked for unit tests of client logic: IndexedDB (fake-indexeddb, a full
 * in-memory implementation), `navigator` (online, no Web Locks), and `fetch` answered by a
 * handler the test writes. Everything else (the logic under test, idb, the app's apiFetch) is real.
 */
export type FakeRequest = { method: string; path: string; body: unknown; headers: Headers };
export type FakeAnswer = { status: number; body?: unknown } | "no answer";

export function fakeNavigator(online = true) {
  const nav = { onLine: online };
  vi.stubGlobal("navigator", nav);
  return nav;
}

/** Stubs `fetch`: each request goes to `answer`; "no answer" rejects as a lost connection does. Returns the requests seen. */
export function fakeFetch(answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const request: FakeRequest = {
      method: init.method ?? "GET",
      path: url.pathname,
      body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const answered = await answer(request);
    if (answered === "no answer") throw new TypeError("Failed to fetch");
    return new Response(answered.body === undefined ? null : JSON.stringify(answered.body), {
      status: answered.status,
      headers: { "content-type": "application/json" },
    });
  });
  return requests;
}
