import type { Ctx } from "@/lib/auth/context";
import { requestContext, type RequestContext } from "@/lib/http/request-context";
import type { AuditActorType } from "./actions.shared";

/**
 * Who the work running now acts as, for the audit trail: what `audit_append_many` reads from the
 * transaction's `cas.actor` setting (lib/db/pool.ts sets it) or is given directly. Never a token:
 * a session is named by its id, a key by its id.
 */
export type AuditActor = { type: Exclude<AuditActorType, "database">; id?: string; via?: string; request?: string };

/** The actor a context gives: the authenticated caller (through a job when it runs in one), else the job, the ops command, or the app itself. */
export function auditActorOf(context: RequestContext): AuditActor {
  const request = context.requestId;
  const job = context.job ? `job:${context.job.queue}` : undefined;
  const actor = context.ctx?.actor;
  if (actor?.type === "person")
    return { type: "person", id: actor.personId, via: job ?? (actor.sessionId ? `session:${actor.sessionId}` : undefined), request };
  if (actor?.type === "key") return { type: "key", id: actor.keyId, via: job ?? `key:${actor.keyId}`, request };
  if (job) return { type: "system", via: job, request };
  if (context.ops) return { type: "ops", via: `ops:${context.ops.command}`, request };
  return { type: "system", request };
}

/** The actor of a domain function's ctx, within the request running now (its id, its job). */
export function auditActorOfCtx(ctx: Ctx): AuditActor {
  return auditActorOf({ ...requestContext(), ctx });
}

// The JSON text of each context's actor, made once (a context's `ctx` is set once, after authentication).
const texts = new WeakMap<RequestContext, { ctx: Ctx | undefined; text: string }>();

/** The `cas.actor` setting for the work running now, or undefined outside any request, job or ops command. */
export function currentAuditActorText(): string | undefined {
  const context = requestContext();
  if (!context) return undefined;
  const known = texts.get(context);
  if (known && known.ctx === context.ctx) return known.text;
  const text = JSON.stringify(auditActorOf(context));
  texts.set(context, { ctx: context.ctx, text });
  return text;
}
