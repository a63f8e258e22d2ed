import "server-only";
import { z } from "zod";
import { authenticate, provisionalAuthentication } from "@/lib/auth/authenticate";
import { hasPermission, type Ctx } from "@/lib/auth/context";
import { env } from "@/lib/env";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { forbidden, fromZod, notFound } from "@/lib/errors/app-error";
import { isId } from "@/lib/ids/ids.shared";
import { declared, type RouteDeclaration } from "./declaration";
import { errorResponse, toAppError } from "./errors";
import { admitted } from "./admission";
import { idempotent } from "./idempotency";
import { consumeKeyBudget } from "./rate-limit";
import { parseQuery } from "./parse-query";
import { readJson } from "./read-body";
import { assertSameOriginMutation } from "./same-origin";
import { assertPlainInput } from "@/lib/validation/hostile-input";
import { jsonResponse } from "./json-response";
import { randomUUID } from "node:crypto";
import { requestContext, runWithRequestContext } from "./request-context";
import { REQUEST_ID_HEADER } from "./request-id";
import { loggerFor } from "@/lib/logging/logger";
import { notePresence } from "@/lib/notifications/note-presence";

const log = loggerFor("api");

/** A file-name segment of a storage path: no slashes, and never "." or "..". */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,200}$/;

/** The endpoint's declaration (lib/openapi/paths-*.ts), with the schemas' own types; a public one goes through publicRoute(). */
type Options<B extends z.ZodType, Q extends z.ZodType> = Omit<RouteDeclaration, "auth" | "body" | "query"> & {
  auth?: "session" | "any";
  body?: B;
  query?: Q;
};

type Args<B extends z.ZodType, Q extends z.ZodType> = {
  ctx: Ctx;
  req: Request;
  params: Record<string, string>;
  body: z.infer<B>;
  query: z.infer<Q>;
};

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function authorize(ctx: Ctx, opts: Options<z.ZodType, z.ZodType>, params: Record<string, string>) {
  if (ctx.actor.type === "key") {
    if (opts.auth === "session") throw forbidden("This endpoint needs a signed-in session; API keys cannot use it.");
    const scope = typeof opts.scope === "object" ? opts.scope.of(params) : opts.scope;
    if (!scope || !ctx.actor.scopes.has(scope)) {
      throw forbidden(scope ? `This API key lacks the ${scope} scope.` : "API keys cannot use this endpoint.");
    }
    return;
  }
  if (opts.permission && !hasPermission(ctx, opts.permission)) {
    throw forbidden(`You need the ${opts.permission} permission to do this.`);
  }
  if (opts.roleKind && !ctx.actor.kinds.has(opts.roleKind)) throw forbidden(`Only a person holding an ${opts.roleKind} role may do this.`);
}

/**
 * The one wrapper every /api handler goes through, bound to the endpoint's declaration (the
 * same one the OpenAPI document is built from): authenticate (session or API key),
 * build the district context, check permission or scope, parse input with zod, run the
 * handler and map whatever it throws to the one error body (lib/http/errors.ts).
 */
export function route<B extends z.ZodType = z.ZodUnknown, Q extends z.ZodType = z.ZodUnknown>(
  opts: Options<B, Q>,
  handler: (args: Args<B, Q>) => Promise<unknown>,
) {
  const handle = async (req: Request, context?: RouteContext): Promise<Response> => {
    // The app's server opened the request's context, with its id (lib/server/app-server.ts); a
    // handler called some other way (tests) gets its own.
    const outer = requestContext();
    const request = outer?.requestId && !outer.job ? outer : { requestId: randomUUID() };
    const requestId = request.requestId!;
    return runWithRequestContext(request, async () => {
      try {
        return withRequestId(await admitted(() => run(req, context)), requestId);
      } catch (error) {
        return withRequestId(errorResponse(toAppError(error)), requestId);
      }
    });
  };
  return declared(handle, opts);

  async function run(req: Request, context?: RouteContext): Promise<Response> {
    try {
      const raw = ((await context?.params) ?? {}) as Record<string, string | string[]>;
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(raw)) {
        // A catch-all segment list is joined; each part must still be a plain name.
        const parts = Array.isArray(value) ? value : [value];
        if (!parts.length || parts.some((p) => !isId(p) && !(Array.isArray(value) && SEGMENT.test(p)))) throw notFound();
        params[name] = parts.join("/");
      }
      if (opts.checksSessionItself && req.method === "GET") {
        const provisional = provisionalAuthentication(req, serviceOrigin());
        const answer = provisional && (await provisionally(req, provisional, params));
        if (answer) return answer;
      }
      const { ctx, via } = await authenticate(req, serviceOrigin());
      const current = requestContext();
      if (current) current.ctx = ctx;
      // A person at work is online: no e-mail about what they would see anyway (lib/notifications).
      notePresence(ctx);
      if (via === "cookie") assertSameOriginMutation(req);
      if (ctx.actor.type === "key") await consumeKeyBudget(ctx.actor.keyId);
      authorize(ctx, opts as Options<z.ZodType, z.ZodType>, params);
      // A POST or PATCH with an Idempotency-Key runs once; its retries replay the answer.
      return await idempotent(req, ctx, (req) => respond(req, ctx, params));
    } catch (error) {
      return failure(error);
    }
  }

  /**
   * The read on a context this process remembers for the session (lib/auth/session-check.ts):
   * its answer when the read's own statement confirmed the session, else undefined, and the
   * request is then served the ordinary way, from authentication on. Whatever it threw is
   * thrown again there, or not, by the same work on the session as it is now.
   */
  async function provisionally(req: Request, ctx: Ctx, params: Record<string, string>): Promise<Response | undefined> {
    try {
      authorize(ctx, opts as Options<z.ZodType, z.ZodType>, params);
      const current = requestContext();
      if (current) current.ctx = ctx;
      notePresence(ctx);
      const result = await handler({ ctx, req, params, ...(await parseInput(req)) } as Args<B, Q>);
      return ctx.sessionCheck?.confirmed ? toResponse(result) : undefined;
    } catch {
      return undefined;
    }
  }

  async function respond(req: Request, ctx: Ctx, params: Record<string, string>): Promise<Response> {
    try {
      const result = await handler({ ctx, req, params, ...(await parseInput(req)) } as Args<B, Q>);
      return toResponse(result);
    } catch (error) {
      return failure(error);
    }
  }

  async function parseInput(req: Request): Promise<{ query: unknown; body: unknown }> {
    let query: unknown = undefined;
    if (opts.query) query = parseQuery(req, opts.query);
    let body: unknown = undefined;
    // Uploads read their multipart body themselves, as a stream (lib/http/multipart.ts).
    if (opts.body) {
      const raw = await readJson(req, env().MAX_JSON_BYTES);
      assertPlainInput(raw);
      const parsed = opts.body.safeParse(raw);
      if (!parsed.success) throw fromZod(parsed.error);
      body = parsed.data;
    }
    return { query, body };
  }

  function toResponse(result: unknown): Response {
    return result instanceof Response ? result : jsonResponse(result, { status: opts.status ?? 200 });
  }
}

/**
 * The one place an API request's unexpected error is logged, with its stack (the line carries the
 * request id, which the error body names too). Next.js never sees these errors, so its
 * onRequestError (instrumentation.ts) logs only those of pages and of handlers not wrapped here.
 */
function failure(error: unknown): Response {
  const appError = toAppError(error);
  if (appError.code === "internal") log.error({ err: error }, "request failed");
  return errorResponse(appError);
}

/** Every answer names its request (X-Request-Id); an answer whose headers cannot change keeps them. */
function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
  } catch {
    // immutable headers (a fetched answer passed through): the app's server sets the header anyway
  }
  return response;
}
