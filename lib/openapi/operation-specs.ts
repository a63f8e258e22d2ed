import type { z } from "zod";
import type { RouteDeclaration } from "@/lib/http/declaration";
import type { Access, Endpoints, HttpMethod, OperationSpec } from "./operation";

/** Who may call, from the declaration: `auth`, `scope`, `permission`, `roleKind`. */
function accessOf({ auth = "any", scope, permission, roleKind }: RouteDeclaration, where: string): Access {
  if (auth === "public") return { auth };
  const perm = { ...(permission ? { permission } : {}), ...(roleKind ? { roleKind } : {}) };
  if (auth === "session") return { auth, ...perm };
  if (!scope) throw new Error(`${where} takes API keys but declares no scope: declare one, or auth: "session".`);
  if (typeof scope === "object") return { auth, scopeByPath: scope.byPath, scopeRule: scope.rule, ...perm };
  return { auth, scope, ...perm };
}

/** The document's operations, in the order of `groups` and of each group's endpoints; a method and path, or a name, declared twice is an error. */
export function operationSpecs(groups: readonly Endpoints[]): OperationSpec[] {
  const specs: OperationSpec[] = [];
  const seen = new Map<string, string>();
  for (const [operationId, endpoint] of groups.flatMap((group) => Object.entries(group))) {
    // What only the wrapper reads (checksSessionItself) rides along unread.
    const { method, path, auth, scope, permission, roleKind, body, query, status, ...words } = endpoint;
    const where = `${method} ${path}`;
    const other = seen.get(where);
    if (other) throw new Error(`${where} is declared twice: by ${other} and by ${operationId}.`);
    seen.set(where, operationId);
    if (specs.some((spec) => spec.operationId === operationId)) throw new Error(`Two endpoints are named ${operationId}.`);
    specs.push({
      operationId,
      ...words,
      method: method.toLowerCase() as HttpMethod,
      path,
      access: accessOf({ method, path, auth, scope, permission, roleKind }, where),
      ...(query ? { query: query as z.ZodObject } : {}),
      ...(body ? { body } : {}),
      response: { ...words.response, status: status ?? 200 },
    });
  }
  return specs;
}
