import { z } from "zod";

/**
 * The service's error codes. Domain rules throw them without knowing HTTP; lib/http/errors.ts
 * maps each code to its one status and the one error body.
 */
export const ERROR_CODES = [
  "invalid_json",
  "validation_error",
  "unauthorized",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "idempotency_key_reused",
  "rate_limited",
  "internal",
  "ai_unavailable",
  "overloaded",
  "unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem of a request, e.g. { path: "email", message: "Not a valid e-mail address." }. */
export type ErrorDetail = { path: string; message: string };

/** The one error type of the service: a code, a sentence for the caller, optional details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** How long to wait before trying again (rate limits), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);
export const forbidden = (message = "You do not have permission to do this.") => new AppError("forbidden", message);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError("conflict", message, details);
/** The service (or its database) cannot take the work now: 503 with Retry-After, safe to retry. */
export const overloaded = () => new AppError("overloaded", "The service is busy. Please try again in a moment.", undefined, 1);
/** The database cannot be reached (restarting, failing over, a network fault): 503 with Retry-After. */
export const unavailable = () => new AppError("unavailable", "The database cannot be reached just now. Please try again in a moment.", undefined, 5);
export const invalid = (path: string, message: string) => new AppError("validation_error", "The request is not valid.", [{ path, message }]);

/** A zod failure as a validation error, one detail per issue; `prefix` names where ("query"). */
export function fromZod(error: z.ZodError, prefix = ""): AppError {
  const details = error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
  return new AppError("validation_error", "The request is not valid.", details);
}
