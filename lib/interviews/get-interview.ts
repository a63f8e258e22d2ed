import type { Ctx } from "@/lib/auth/context";
import { findVisibleInterview } from "./find-interview";
import { serializeInterview } from "./serialize-interview";
import { stripPrivateFields } from "./strip-private-fields";
import { seesAllInterviews } from "./visibility";

/** The full interview; candidates and mentors get it without private fields. */
export async function getInterview(ctx: Ctx, personId: string, id: string) {
  const row = await findVisibleInterview(ctx, personId, id);
  const fields = row.fields ?? [];
  const responses = (row.responses ?? {}) as Record<string, unknown>;
  return serializeInterview(ctx.origin, row, fields, seesAllInterviews(ctx) ? responses : stripPrivateFields(responses, fields));
}
