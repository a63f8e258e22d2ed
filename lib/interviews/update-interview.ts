import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { Prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { storage } from "@/lib/storage/storage";
import { interviewEventData } from "@/lib/webhooks/event-data";
import { readOnce, transactionWithEvents } from "@/lib/webhooks/emit-event";
import { findVisibleInterview } from "./find-interview";
import { getInterview } from "./get-interview";
import { candidateAndMentors } from "./interview-audience";
import type { UpdateInterviewInput } from "./schemas";
import { validateResponses, type ResponseChanges } from "./validate-responses";

/**
 * The new `responses` as one SQL expression over the row's current value, so the merge
 * happens inside the UPDATE: two PATCHes of different fields never overwrite each other.
 * `||` merges the fields sent, `- text[]` removes the nulled ones, and each file field
 * keeps the attachments not dropped (including ones uploaded meanwhile) plus the kept ones.
 */
function mergeResponses(changes: ResponseChanges): Prisma.Sql {
  let expr = Prisma.sql`((responses || ${JSON.stringify(changes.set)}::jsonb) - ${changes.clear}::text[])`;
  for (const { fieldId, keep, drop } of changes.fileFields) {
    const current = Prisma.sql`(case when jsonb_typeof(responses -> ${fieldId}) = 'object' then responses -> ${fieldId} else '{}'::jsonb end)`;
    expr = Prisma.sql`jsonb_set(${expr}, ${[fieldId]}::text[], (${current} - ${drop}::text[]) || ${JSON.stringify(keep)}::jsonb)`;
  }
  return expr;
}

/**
 * PATCH: merges the responses sent (checked against the form), publishes or unpublishes,
 * moves the date; nothing else changes. Attachments dropped from a file field are deleted.
 */
export async function updateInterview(ctx: Ctx, personId: string, id: string, input: UpdateInterviewInput) {
  const current = await findVisibleInterview(ctx, personId, id);
  const changes = input.responses ? validateResponses(current.fields, input.responses, current.files) : null;
  const published = input.published === undefined ? null : input.published === 1;
  if (changes || published !== null || input.date) {
    const responses = changes ? mergeResponses(changes) : Prisma.sql`responses`;
    const dropped = changes?.droppedFiles ?? [];
    // Unpublished: the candidate and their mentors stop seeing it (and its recordings' channel).
    const lostSight = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
      const [before] = await tx.$queryRaw<{ published: boolean }[]>`
        select published from interviews where id = ${id} and district_id = ${ctx.districtId} for update`;
      if (!before) throw notFound("Interview");
      await tx.$executeRaw`
        update interviews
           set responses = ${responses},
               published = coalesce(${published}::boolean, published),
               date = coalesce(${input.date ?? null}::text, date),
               updated_at = now()
         where id = ${id} and district_id = ${ctx.districtId}`;
      if (dropped.length) await tx.interviewFile.deleteMany({ where: { districtId: ctx.districtId, interviewId: id, id: { in: dropped.map((f) => f.id) } } });
      // Webhook events, with the interview as committed (publishing is also an update).
      const data = readOnce(() => interviewEventData(tx, ctx.districtId, id));
      await emit("interview.updated", data);
      if (published && !before.published) await emit("interview.published", data);
      return published === false && before.published ? candidateAndMentors(tx, ctx.districtId, personId) : [];
    });
    await endRealtimeAccess(lostSight);
    // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
    if (dropped.length) await storage().delete(dropped.map((f) => f.storageKey)).catch((error) => console.error("could not delete stored files", error));
  }
  return getInterview(ctx, personId, id);
}
