import type { z } from "zod";
import type { Permission, Scope } from "@/lib/auth/permissions";

export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Handler = (req: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** An API key's scope chosen from the path: the rule as code, and as data and words for the document. */
export type ScopeByPath = {
  of: (params: Record<string, string>) => Scope;
  /** The scope for each area of the path (`/files/<district>/<area>/…`). */
  byPath: Record<string, Scope>;
  rule: string;
};

/**
 * What the wrapper needs to know about one endpoint: where it is, who may call it, what it takes.
 * Each endpoint is declared once, with its words, in lib/openapi/paths-*.ts; its route file binds
 * a handler to that declaration, and the OpenAPI document is built from the same declarations.
 */
export type RouteDeclaration = {
  method: RouteMethod;
  /** The OpenAPI path template, which is also where its route file sits: `/api/people/{id}` is app/api/people/[id]/route.ts. */
  path: string;
  /** "public": no authentication; "session": API keys are refused (403). Default "any". */
  auth?: "public" | "session" | "any";
  /** Needed by a person (admin-kind roles hold all). */
  permission?: Permission;
  /**
   * A person needs a role of this kind: for what no permission grants (the audit trail is for
   * administrators, not for whoever holds `settings`). API keys are held to their scope only.
   */
  roleKind?: "admin";
  /** Needed by an API key; without one, keys are refused. */
  scope?: Scope | ScopeByPath;
  /** The JSON body, parsed by the wrapper. */
  body?: z.ZodType;
  /** The query string, parsed by the wrapper. */
  query?: z.ZodType;
  /** Status of a successful response (e.g. 201 for creations). Default 200. */
  status?: number;
  /**
   * A read (GET) whose domain function checks the session in its own statement
   * (lib/auth/session-check.ts): it may first run on the context this process remembers for the
   * session, and its answer stands only when that statement confirmed it.
   */
  checksSessionItself?: true;
};

const declarations = new WeakMap<object, RouteDeclaration>();

/** Files the declaration with its handler, where `methods()` and the route files' test find it. */
export function declared<H extends object>(handler: H, declaration: RouteDeclaration): H {
  declarations.set(handler, declaration);
  return handler;
}

/** The declaration of a route module's handler, if it has one. */
export const declarationOf = (handler: unknown): RouteDeclaration | undefined => (typeof handler === "function" ? declarations.get(handler) : undefined);
