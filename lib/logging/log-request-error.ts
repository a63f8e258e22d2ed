import "server-only";
import type { Instrumentation } from "next";
import { loggerFor } from "./logger";

const log = loggerFor("next");

type ErrorRequest = Parameters<Instrumentation.onRequestError>[1];
type ErrorContext = Parameters<Instrumentation.onRequestError>[2];

/**
 * One line for an error Next.js caught (instrumentation.ts): its stack, the route's pattern and
 * the request's id; never the query (a link's token) nor a header besides the id.
 */
export function logRequestError(error: unknown, request: ErrorRequest, context: ErrorContext) {
  const requestId = request.headers["x-request-id"];
  log.error(
    {
      err: error,
      digest: (error as { digest?: unknown } | null)?.digest,
      requestId: typeof requestId === "string" ? requestId : undefined,
      method: request.method,
      route: context.routePath,
      routeType: context.routeType,
    },
    "request failed",
  );
}
