import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { recordingMap } from "@/lib/audio/recording-map";
import { findVisibleInterview } from "./find-interview";
import type { GetInterviewQuery } from "./schemas";
import { serializeInterview } from "./serialize-interview";
import { stripPrivateFields } from "./strip-private-fields";
import { seesAllInterviews } from "./visibility";

/**
 * The full interview; candidates and mentors get it without private fields, and so does
 * staff asking for `view=candidate|mentor` (the preview before publishing).
 */
export async function getInterview(ctx: Ctx, personId: string, id: string, query: GetInterviewQuery = {}) {
  const row = await findVisibleInterview(ctx, personId, id);
  const fields = row.fields ?? [];
  const responses = (row.responses ?? {}) as Record<string, unknown>;
  const full = seesAllInterviews(ctx) && !query.view;
  // Most interviews have no recording: their map is known without reading the recordings.
  const audio = row.hasRecordings ? await recordingMap(ctx.origin, ctx.districtId, id) : {};
  return serializeInterview(ctx.origin, row, fields, full ? responses : stripPrivateFields(responses, fields), audio);
}
