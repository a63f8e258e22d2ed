import { AsyncLocalStorage } from "node:async_hooks";
import type http from "node:http";

/**
 * Whether the current request waited in vain for a pooled connection (DATABASE_WAIT_MS, pool.ts
 * notes it), for answers the app does not write itself: a page Next.js renders (its error page is
 * a 500) and next-auth's routes (which log the error and redirect or answer empty). The app's
 * server (lib/server/app-server.ts) turns such a request's 500 into a 503 with Retry-After, and the
 * next-auth route answers 503 `overloaded`. One store per process, shared through globalThis:
 * the app's server and the route bundles Next.js loads are separate copies of this module.
 */
type Signal = { overloaded: boolean };
const KEY = Symbol.for("cas.overload-signal");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<Signal> | undefined>;
const signals: AsyncLocalStorage<Signal> = (holder[KEY] ??= new AsyncLocalStorage<Signal>());

/** The current request could not get a database connection in time. */
export function noteOverload() {
  const signal = signals.getStore();
  if (signal) signal.overloaded = true;
}

/** Runs `work` with a signal of its own, and says whether anything in it noted an overload. */
export async function withOverloadSignal<T>(work: () => Promise<T>): Promise<{ result: T; overloaded: boolean }> {
  const signal: Signal = { overloaded: false };
  const result = await signals.run(signal, work);
  return { result, overloaded: signal.overloaded };
}

/**
 * Serves one request of the app's server with a signal: a 500 written for a request that waited
 * in vain for the database goes out as 503 with Retry-After (Node writes every status line
 * through writeHead, also when the headers go out implicitly).
 */
export function serveWithOverloadSignal(res: http.ServerResponse, serve: () => Promise<void> | void): Promise<void> {
  const signal: Signal = { overloaded: false };
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, status: number, ...rest: unknown[]) {
    if (status === 500 && signal.overloaded) {
      status = 503;
      this.setHeader("Retry-After", "1");
    }
    return (writeHead as (...args: unknown[]) => http.ServerResponse).call(this, status, ...rest);
  } as typeof res.writeHead;
  return signals.run(signal, async () => serve());
}
