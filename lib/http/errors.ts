import { z } from "zod";
import { AppError, conflict, type ErrorCode, fromZod, notFound, overloaded, unavailable } from "@/lib/errors/app-error";
import { jsonResponse } from "./json-response";
import { requestContext } from "./request-context";

/** Every error code with its HTTP status (the OpenAPI document reads it too). */
export const ERROR_STATUS = {
  invalid_json: 400,
  validation_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal: 500,
  ai_unavailable: 503,
  overloaded: 503,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** One problem of a request, e.g. { path: "email", message: "Not a valid e-mail address." }. */
export const errorDetailSchema = z
  .object({
    path: z
      .string()
      .describe(
        'Where the problem is: a dotted path into the body ("email", "responses.notes"), "query.<name>" for a query parameter, or a multipart field name.',
      ),
    message: z.string().describe("What is wrong there, for a person to read."),
  })
  .describe("One problem of the request.");

/** The one error body of the service (docs/api.md "Errors"): `{ error: { code, message, details?, request_id? } }`. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).describe("Machine-readable snake_case code; each code has one HTTP status."),
      message: z.string().describe("A sentence for a person to read. Never a stack trace."),
      details: z.array(errorDetailSchema).optional().describe("Present on some 400 (validation_error) and 409 (conflict) responses: one entry per problem."),
      request_id: z
        .string()
        .optional()
        .describe("The request's id, also in the X-Request-Id header: the service's logs name the request by it. Quote it when reporting a problem."),
    }),
  })
  .describe("The body of every error response.");

type ErrorBody = z.infer<typeof errorBodySchema>;

type PrismaLikeError = { code?: string; meta?: Record<string, unknown> };

/**
 * The database could not take the work in time: no transaction could start (P2028), or no pooled
 * connection came free. The request did nothing, so it is a refusal to retry (503), never a 500.
 */
function isOverload(error: unknown): boolean {
  const { code, message } = error as PrismaLikeError & { message?: unknown };
  if (code === "P2028") return true;
  return typeof message === "string" && /timeout exceeded when trying to connect|Unable to start a transaction in the given time/i.test(message);
}

/** PostgreSQL's "deadlock detected" and "could not serialize": the transaction was rolled back whole. */
const CONFLICT_STATES = new Set(["40P01", "40001"]);

/**
 * Two transactions collided and the database rolled one back (a deadlock, a serialization
 * failure): that request did nothing and succeeds when tried again, so it is refused (503), not
 * failed. Seen as Prisma's P2034, as a raw query's P2010 naming the state, or as pg's own error.
 */
function isCollision(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, meta } = error as PrismaLikeError & { message?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  if (code === "P2034" || (typeof code === "string" && CONFLICT_STATES.has(code))) return true;
  const original = meta?.driverAdapterError?.cause?.originalCode;
  if (typeof original === "string" && CONFLICT_STATES.has(original)) return true;
  return code === "P2010" && typeof message === "string" && /Code: `(40P01|40001)`/.test(message);
}

/** Node's socket errors: the database's address refuses, resets, times out or does not resolve. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);
/** Prisma's "can't reach", "timed out reaching" and "server closed the connection". */
const PRISMA_UNREACHABLE = new Set(["P1001", "P1002", "P1017"]);
/** What Prisma's driver adapter calls a connection it lost or never got. */
const ADAPTER_UNREACHABLE = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** PostgreSQL's connection failures (class 08, but a protocol violation, which is a bug), shutting down or starting up (57P01–57P03), too many connections. */
const UNREACHABLE_STATES = new Set(["08000", "08001", "08003", "08004", "08006", "57P01", "57P02", "57P03", "53300"]);
const unreachableState = (state: unknown) => typeof state === "string" && UNREACHABLE_STATES.has(state);

/**
 * The database could not be reached, or dropped the connection (a restart, a fail-over): not
 * this request's fault and likely over in seconds, so 503 with Retry-After, never a 500. Seen as
 * pg's own error, or through Prisma's driver adapter.
 */
function isUnreachable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, meta } = error as PrismaLikeError & {
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown } } };
  };
  if (typeof code === "string" && (SOCKET_CODES.has(code) || PRISMA_UNREACHABLE.has(code) || unreachableState(code))) return true;
  const cause = meta?.driverAdapterError?.cause;
  if (typeof cause?.kind === "string" && ADAPTER_UNREACHABLE.has(cause.kind)) return true;
  if (unreachableState(cause?.originalCode)) return true;
  // pg's own words for a connection lost mid-statement, which carry no code.
  return typeof message === "string" && /^Connection terminated( unexpectedly| due to connection timeout)?$/.test(message);
}

/** Maps anything thrown by a handler to an AppError; unknown errors become a bare 500. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZod(error);
  const code = (error as PrismaLikeError)?.code;
  if (code === "P2025") return notFound();
  if (code === "P2002") return conflict("A record with the same unique value already exists.");
  if (code === "P2003") return conflict("The record is still referenced by other records.");
  if (isOverload(error) || isCollision(error)) return overloaded();
  if (isUnreachable(error)) return unavailable();
  return new AppError("internal", "Something went wrong on our side. Please try again.");
}

export const statusOf = (error: AppError) => ERROR_STATUS[error.code];

/** The id of the request being answered, when there is one (lib/http/request-context.ts). */
function requestIdField(): { request_id?: string } {
  const id = requestContext()?.requestId;
  return id ? { request_id: id } : {};
}

export function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  const body = {
    code: error.code,
    message: error.message,
    ...(error.details?.length ? { details: error.details } : {}),
    ...requestIdField(),
  } satisfies ErrorBody["error"];
  if (error.retryAfterSeconds !== undefined) headers = { ...headers, "Retry-After": String(error.retryAfterSeconds) };
  return jsonResponse({ error: body }, { status: statusOf(error), headers });
}
