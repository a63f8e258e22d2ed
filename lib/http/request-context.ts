import { AsyncLocalStorage } from "node:async_hooks";
import type { Ctx } from "@/lib/auth/context";

/**
 * What the work being done right now is part of: an API request, a job, an ops command. Set once
 * where that work starts (lib/http/route.ts, the job runner, scripts/admin.ts) and read wherever
 * the work needs it without passing it down: the audit trail's actor (lib/audit/), the log lines'
 * request id. The object is mutable on purpose: authentication fills in `ctx` once it knows who
 * is asking.
 */
export type RequestContext = {
  /** The id of the request, or of the request that queued this job. */
  requestId?: string;
  /** Who is asking, once authenticated. */
  ctx?: Ctx;
  /** The job being run, when this is a worker's job. */
  job?: { id: string; queue: string };
  /** An ops command (`npm run admin -- …`). */
  ops?: { command: string };
};

// One store per process, kept on globalThis: the app's server (lib/server/app-server.ts) opens the
// request's context, and the route bundles Next.js loads carry their own copies of this module.
const KEY = Symbol.for("cas.request-context");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>;
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

/** Runs `work` as part of `context` (and everything it awaits or starts). */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the work running now, if any. */
export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}
