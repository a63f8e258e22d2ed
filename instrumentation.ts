import type { Instrumentation } from "next";

/**
 * Errors Next.js caught while serving a page, a server action or a route handler of its own
 * (next-auth's): logged once, with the stack and the request's id (X-Request-Id, set by the app's
 * server, lib/server/app-server.ts). The API's handlers never let an error reach Next.js: they log
 * theirs in lib/http/route.ts and answer the error body, so nothing is logged twice.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { logRequestError } = await import("./lib/logging/log-request-error");
  logRequestError(error, request, context);
};
