import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { forbidden } from "@/lib/errors/app-error";
import { covers, rightsOfCaller, rightsOfRoles } from "@/lib/people/rights";

/** Defining a role is granting in advance: nobody defines one carrying more than they hold. */
export function assertMayDefine(ctx: Ctx, role: { kind: string; permissions: string[] }) {
  if (!covers(rightsOfCaller(ctx), rightsOfRoles([role]))) {
    throw forbidden("You cannot define a role that carries rights you do not hold yourself.");
  }
}
