import "server-only";
import { loggerFor } from "./logger";

const log = loggerFor("access");

export type AccessEntry = { method: string; route: string; status: number; durationMs: number; bytes?: number; aborted?: boolean };

/**
 * The one line each request leaves (lib/server/app-server.ts writes it once the answer is finished):
 * method, route pattern (never the path with its ids, nor the query, which may hold a link's
 * token), status and duration; the request id, district and actor come from the request's context
 * (the logger's mixin). Never a header, a token or a body.
 */
export function logAccess(entry: AccessEntry) {
  log.info({ ...entry, durationMs: Math.round(entry.durationMs * 10) / 10 }, "request");
}
