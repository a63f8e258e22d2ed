import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { publish } from "@/lib/realtime/publish";
import { findEditableRecording, recordingNotFound } from "./recording-access";
import { interviewChannel, RECORDING_CHANGED_EVENT, type RecordingChange } from "./recording-events.shared";
import { recordingRecord } from "./recording-map";
import type { RenameRecordingInput } from "./schemas";

const asNames = (v: unknown): Record<string, string> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, string>) : {});

/**
 * The name a plain string becomes. A recording is named at finalize in its recorder's language
 * (`{ "<language>": "…" }`), so a plain string is the name in the caller's language: a person's
 * `language`, or for an API key the language the name is in now (else `en`). Either way it
 * replaces the name in every language: a name kept in another language would be the old one.
 */
function namesOf(ctx: Ctx, current: unknown, name: RenameRecordingInput["name"]): Record<string, string> {
  if (typeof name !== "string") return { ...name };
  const language = ctx.actor.type === "person" ? ctx.actor.language : (Object.keys(asNames(current))[0] ?? "en");
  return { [language || "en"]: name };
}

/**
 * PATCH /api/audio/recordings/:recordingId `{ name }`: renames a saved recording, for whoever may
 * edit its interview (lib/audio/recording-access.ts). Answers the recording as the interview's
 * `audio` map shows it, with its ids; open interview pages hear `recording-changed`.
 */
export async function renameRecording(ctx: Ctx, recordingId: string, input: RenameRecordingInput) {
  const rec = await findEditableRecording(ctx, recordingId);
  const d = ctx.districtId;
  const name = namesOf(ctx, rec.name, input.name);
  const record = await db().$transaction(async (tx) => {
    const renamed = await tx.$executeRaw`
      update audio_recordings set name = ${JSON.stringify(name)}::jsonb where id = ${recordingId} and district_id = ${d} and finalized_at is not null`;
    if (!renamed) throw recordingNotFound(); // deleted meanwhile
    await tx.$executeRaw`update interviews set updated_at = now() where id = ${rec.interviewId} and district_id = ${d}`;
    return recordingRecord(ctx.origin, d, recordingId, tx);
  });
  if (!record) throw recordingNotFound();
  const change: RecordingChange = { recording_id: recordingId, name };
  await publish(interviewChannel(rec.interviewId), RECORDING_CHANGED_EVENT, change);
  return { id: recordingId, interview_id: rec.interviewId, person_id: rec.personId, ...record };
}
