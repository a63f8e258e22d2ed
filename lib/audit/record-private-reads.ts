import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { FormField } from "@/lib/forms/schemas";
import { APP_ACTIONS } from "./actions.shared";
import { recordCallerEvents, type AuditEventInput } from "./record-audit-event";

/**
 * Records an interview's read when it shows private data: its private answers (`full`: the
 * reader sees them, and the form has private fields) and each recording's transcript. On a
 * provisional session (lib/auth/session-check.ts) only the answer that is sent is recorded: an
 * unconfirmed one is read again the ordinary way, which records it then. One statement.
 */
export async function recordInterviewRead(
  ctx: Ctx,
  interview: { id: string; personId: string },
  read: { full: boolean; fields: Pick<FormField, "id" | "p">[]; audio: Record<string, { transcript?: unknown }> },
) {
  if (ctx.sessionCheck && !ctx.sessionCheck.confirmed) return;
  const events: AuditEventInput[] = [];
  const privateFields = read.full ? read.fields.filter((f) => f.p === 1).map((f) => f.id) : [];
  if (privateFields.length) {
    events.push({
      action: APP_ACTIONS.interviewPrivateRead,
      recordType: "interview",
      recordId: interview.id,
      personId: interview.personId,
      changes: { fields: privateFields },
    });
  }
  for (const [recordingId, recording] of Object.entries(read.audio)) {
    if (recording.transcript)
      events.push({
        action: APP_ACTIONS.transcriptRead,
        recordType: "recording",
        recordId: recordingId,
        personId: interview.personId,
        changes: { interview_id: interview.id },
      });
  }
  await recordCallerEvents(ctx, events);
}
