import { AppError } from "@/lib/errors/app-error";
import { declarationOf, type Handler, type RouteMethod } from "./declaration";
import { errorResponse } from "./errors";

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const satisfies readonly RouteMethod[];

const REFUSES = Symbol("refuses the method");

/** The `Allow` header value for the methods a route defines (HEAD comes with GET, OPTIONS always). */
function allowHeader(defined: Iterable<string>) {
  const methods = new Set(defined);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].join(", ");
}

const methodNotAllowed = (method: string, allow: string) =>
  errorResponse(new AppError("method_not_allowed", `${method} is not supported here. Use ${allow}.`), { Allow: allow });

/**
 * A route module's exports: the handlers it defines, each under its declaration's method, and
 * for every other method a 405 with `Allow` and the error body (Next.js alone answers an empty
 * 405), plus an OPTIONS that names exactly the defined ones.
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(peopleEndpoints.listPeople, …), route(…));
 */
export function methods(...handlers: Handler[]) {
  const defined: Partial<Record<RouteMethod, Handler>> = {};
  for (const handler of handlers) {
    const method = declarationOf(handler)?.method;
    if (!method) throw new Error("A route handler without a declaration: wrap it in route() or publicRoute().");
    if (defined[method]) throw new Error(`Two handlers for ${method} ${declarationOf(handler)!.path}.`);
    defined[method] = handler;
  }
  const allow = allowHeader(Object.keys(defined));
  const all = {} as Record<RouteMethod | "OPTIONS", Handler>;
  for (const method of ROUTE_METHODS) {
    const refuse = Object.assign(async () => methodNotAllowed(method, allow), { [REFUSES]: true });
    all[method] = defined[method] ?? refuse;
  }
  all.OPTIONS = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return all;
}

/** Whether a route module export is a real handler (not the 405 that `methods` fills in). */
export const isDefinedHandler = (handler: unknown) => typeof handler === "function" && !(REFUSES in handler);
