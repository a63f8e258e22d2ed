import { z } from "zod";

export type ErrorDetail = { path: string; message: string };

const STATUS = {
  invalid_json: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof STATUS;

/** The one error type of the service: a code, a sentence for the caller, optional details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status() {
    return STATUS[this.code];
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found.`);
export const forbidden = (message = "You do not have permission to do this.") => new AppError("forbidden", message);
export const conflict = (message: string) => new AppError("conflict", message);
export const invalid = (path: string, message: string) =>
  new AppError("validation_error", "The request is not valid.", [{ path, message }]);

export function fromZod(error: z.ZodError, prefix = ""): AppError {
  const details = error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
  return new AppError("validation_error", "The request is not valid.", details);
}

type PrismaLikeError = { code?: string; meta?: Record<string, unknown> };

/** Maps anything thrown by a handler to an AppError; unknown errors become a bare 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZod(error);
  const code = (error as PrismaLikeError)?.code;
  if (code === "P2025") return notFound();
  if (code === "P2002") return conflict("A record with the same unique value already exists.");
  if (code === "P2003") return conflict("The record is still referenced by other records.");
  return new AppError("internal", "Something went wrong on our side. Please try again.");
}

export function errorResponse(error: AppError): Response {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.details?.length) body.details = error.details;
  return Response.json({ error: body }, { status: error.status, headers: error.headers });
}
