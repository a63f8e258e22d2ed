import type { Ctx, PersonActor } from "@/lib/auth/context";

/** The signed-in person of a messages request (the routes are for sessions only). */
export function personOf(ctx: Ctx): PersonActor {
  if (ctx.actor.type !== "person") throw new Error("messages are for signed-in people only");
  return ctx.actor;
}
