import { z } from "zod";

/** Every error code with its HTTP status (the OpenAPI document reads it too). */
export const ERROR_STATUS = {
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

export type ErrorCode = keyof typeof ERROR_STATUS;

/** One problem of a request, e.g. { path: "email", message: "Not a valid e-mail address." }. */
export const errorDetailSchema = z
  .object({
    path: z.string().describe('Where the problem is: a dotted path into the body ("email", "responses.notes"), "query.<name>" for a query parameter, or a multipart field name.'),
    message: z.string().describe("What is wrong there, for a person to read."),
  })
  .describe("One problem of the request.");

export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The one error body of the service (DESIGN.md): `{ error: { code, message, details? } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).describe("Machine-readable snake_case code; each code has one HTTP status."),
      message: z.string().describe("A sentence for a person to read. Never a stack trace."),
      details: z.array(errorDetailSchema).optional().describe("Present on some 400 (validation_error) and 409 (conflict) responses: one entry per problem."),
    }),
  })
  .describe("The body of every error response.");

export type ErrorBody = z.infer<typeof errorBodySchema>;

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
    return ERROR_STATUS[this.code];
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
  const body = {
    code: error.code,
    message: error.message,
    ...(error.details?.length ? { details: error.details } : {}),
  } satisfies ErrorBody["error"];
  return Response.json({ error: body }, { status: error.status, headers: error.headers });
}
