import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { forbidden } from "@/lib/errors/app-error";

/**
 * The audit trail is for administrators (GET /api/audit needs an admin-kind role): whoever else
 * holds `settings` may not give a key the `audit` scope, nor take a new secret of a key that has it.
 */
export function assertMayHandOut(ctx: Ctx, scopes: readonly string[]) {
  const admin = ctx.actor.type === "person" && ctx.actor.kinds.has("admin");
  if (scopes.includes("audit") && !admin) throw forbidden("Only an administrator may hand out a key with the audit scope.");
}
