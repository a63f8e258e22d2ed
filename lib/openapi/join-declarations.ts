import type { z } from "zod";
import { declarationOf, type RouteDeclaration } from "@/lib/http/declaration";
import { isDefinedHandler, ROUTE_METHODS } from "@/lib/http/methods";
import type { Access, HttpMethod, OperationDocs, OperationSpec } from "./operation";

/** A route file: its path template and the handlers it exports, by method (lib/openapi/route-index.ts). */
type RouteFile = { path: string; module: Record<string, unknown> };

/** Who may call, from the declaration: `auth`, `scope`, `permission`, `roleKind`. */
function accessOf(declaration: RouteDeclaration, where: string): Access {
  const { auth = "any", scope, permission, roleKind } = declaration;
  if (auth === "public") return { auth };
  const perm = { ...(permission ? { permission } : {}), ...(roleKind ? { roleKind } : {}) };
  if (auth === "session") return { auth, ...perm };
  if (!scope) throw new Error(`${where} takes API keys but declares no scope: declare one, or auth: "session".`);
  if (typeof scope === "object") return { auth, scopeByPath: scope.byPath, scopeRule: scope.rule, ...perm };
  return { auth, scope, ...perm };
}

/** Each route file's declarations joined with their words; a declaration without words, or words without a route, is an error. */
export function joinDeclarations(index: readonly RouteFile[], words: readonly OperationDocs[]): OperationSpec[] {
  const docs = new Map(words.map((d) => [d.operationId, d]));
  const joined = new Map<string, OperationSpec>();
  for (const { path, module } of index) {
    for (const method of ROUTE_METHODS) {
      const handler = module[method];
      const declaration = declarationOf(handler);
      const where = `${method} ${path}`;
      if (!declaration) {
        // `methods()` fills the methods a route does not define with a 405, which declares nothing.
        if (isDefinedHandler(handler)) throw new Error(`${where} is exported without a declaration: wrap it in route() or publicRoute().`);
        continue;
      }
      const doc = docs.get(declaration.operation);
      if (!doc) throw new Error(`${where} declares operation "${declaration.operation}", which no lib/openapi/paths-*.ts describes.`);
      if (joined.has(declaration.operation)) throw new Error(`Operation "${declaration.operation}" is declared by two routes.`);
      joined.set(declaration.operation, {
        ...doc,
        method: method.toLowerCase() as HttpMethod,
        path,
        access: accessOf(declaration, where),
        ...(declaration.query ? { query: declaration.query as z.ZodObject } : {}),
        ...(declaration.body ? { body: declaration.body } : {}),
        response: { ...doc.response, status: declaration.status ?? 200 },
      });
    }
  }
  const unrouted = words.filter((d) => !joined.has(d.operationId)).map((d) => d.operationId);
  if (unrouted.length) throw new Error(`No route declares ${unrouted.join(", ")}.`);
  return words.map((d) => joined.get(d.operationId)!);
}
