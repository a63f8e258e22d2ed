import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { recordingMap } from "@/lib/audio/recording-map";
import { recordInterviewRead } from "@/lib/audit/record-private-reads";
import { findVisibleInterview } from "./find-interview";
import type { GetInterviewQuery } from "./schemas";
import { serializeInterview } from "./serialize-interview";
import { stripPrivateFields } from "./strip-private-fields";
import { seesAllInterviews } from "./visibility";

/**
 * The full interview; candidates and mentors get it without private fields, and so does
 * staff asking for `view=candidate|mentor` (the preview before publishing). A read of private
 * answers or transcripts is recorded in the audit trail; `echo`: the answer of a write, whose
 * change is recorded already.
 */
export async function getInterview(ctx: Ctx, personId: string, id: string, query: GetInterviewQuery = {}, { echo = false } = {}) {
  const row = await findVisibleInterview(ctx, personId, id);
  const fields = row.fields ?? [];
  const responses = (row.responses ?? {}) as Record<string, unknown>;
  const full = seesAllInterviews(ctx) && !query.view;
  // Most interviews have no recording: their map is known without reading the recordings.
  const audio = row.hasRecordings ? await recordingMap(ctx.origin, ctx.districtId, id) : {};
  if (!echo) await recordInterviewRead(ctx, row, { full, fields, audio });
  return serializeInterview(ctx.origin, row, fields, full ? responses : stripPrivateFields(responses, fields), audio);
}
