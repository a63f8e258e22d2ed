import "server-only";
import { actorPersonId, type Ctx } from "@/lib/auth/context";
import { queueInvitationSync } from "@/lib/calendar/queue-invitation-sync";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { notFound } from "@/lib/errors/app-error";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { refuseScorecardAnswers } from "@/lib/scorecards/scorecard-responses";
import { submittedTallySql } from "@/lib/scorecards/tally-sql";
import { storage } from "@/lib/storage/storage";
import { interviewEventData } from "@/lib/webhooks/event-data";
import { readOnce, transactionWithEvents } from "@/lib/webhooks/emit-event";
import { unsubscribedSql } from "@/lib/webhooks/unsubscribed-sql";
import { findVisibleInterview } from "./find-interview";
import { getInterview } from "./get-interview";
import { candidateAndMentors } from "./interview-audience";
import type { UpdateInterviewInput } from "./schemas";
import { validateResponses, type ResponseChanges } from "./validate-responses";
import { loggerFor } from "@/lib/logging/logger";

const log = loggerFor("storage");

/**
 * The new `responses` as one SQL expression over the row's current value, so the merge
 * happens inside the UPDATE: two PATCHes of different fields never overwrite each other.
 * `||` merges the fields sent, `- text[]` removes the nulled ones, and each file field
 * keeps the attachments not dropped (including ones uploaded meanwhile) plus the kept ones.
 * `p` adds a parameter (lib/db/pool.ts sqlParams).
 */
function mergeResponses(changes: ResponseChanges, p: (value: unknown) => string): string {
  let expr = `((responses || ${p(JSON.stringify(changes.set))}::jsonb) - ${p(changes.clear)}::text[])`;
  for (const { fieldId, keep, drop } of changes.fileFields) {
    const field = p(fieldId);
    const current = `(case when jsonb_typeof(responses -> ${field}::text) = 'object' then responses -> ${field}::text else '{}'::jsonb end)`;
    expr = `jsonb_set(${expr}, array[${field}::text], (${current} - ${p(drop)}::text[]) || ${p(JSON.stringify(keep))}::jsonb)`;
  }
  return expr;
}

/** `decision`: the board's recommendation sent (a value, or null to clear it), else null. */
type Changes = {
  responses: ResponseChanges | null;
  published: boolean | null;
  date: string | null;
  decision: { recommendation: number | null } | null;
  /** The time and place sent (null clears one), by column. */
  schedule: Partial<Record<keyof typeof SCHEDULE_COLUMNS, unknown>>;
};

/** The schedule's fields, by column and SQL type. */
const SCHEDULE_COLUMNS = { starts_at: "timestamp", duration_minutes: "int", location: "text", meeting_url: "text" } as const;

function scheduleOf(input: UpdateInterviewInput): Changes["schedule"] {
  const schedule: Changes["schedule"] = {};
  if (input.starts_at !== undefined) schedule.starts_at = input.starts_at === null ? null : new Date(input.starts_at).toISOString().replace("Z", "");
  if (input.duration_minutes !== undefined) schedule.duration_minutes = input.duration_minutes;
  if (input.location !== undefined) schedule.location = input.location || null;
  if (input.meeting_url !== undefined) schedule.meeting_url = input.meeting_url || null;
  return schedule;
}

/** `, column = value` for each schedule field sent. */
const scheduleSql = (schedule: Changes["schedule"], p: (value: unknown) => string) =>
  Object.entries(schedule)
    .map(([column, value]) => `, ${column} = ${p(value)}::${SCHEDULE_COLUMNS[column as keyof typeof SCHEDULE_COLUMNS]}`)
    .join("");

/**
 * The board's decision with the tally of the submitted scorecards, counted by this statement
 * (it runs after the interview's row is locked: a submit that committed before is counted,
 * one waiting for the lock comes after), and who set it when.
 */
function decisionSql(ctx: Ctx, decision: Changes["decision"], p: (value: unknown) => string): string {
  if (!decision) return "";
  if (decision.recommendation === null) return ", recommendation = null, recommendation_tally = null, recommendation_by = null, recommendation_at = null";
  return `, recommendation = ${p(decision.recommendation)}::int, recommendation_tally = ${submittedTallySql(p(ctx.districtId), "interviews.id")},
            recommendation_by = ${p(actorPersonId(ctx))}::text, recommendation_at = now() at time zone 'utc'`;
}

/** The UPDATE of a PATCH, with `guard` (SQL) added to its `where`. */
function updateStatement(ctx: Ctx, id: string, changes: Changes, guard: (p: (value: unknown) => string) => string = () => "true") {
  const { values, p } = sqlParams();
  const text = `update interviews
                   set responses = ${changes.responses ? mergeResponses(changes.responses, p) : "responses"},
                       published = coalesce(${p(changes.published)}::boolean, published),
                       date = coalesce(${p(changes.date)}::text, date)${scheduleSql(changes.schedule, p)},
                       updated_at = now() at time zone 'utc'${decisionSql(ctx, changes.decision, p)}
                 where id = ${p(id)} and district_id = ${p(ctx.districtId)} and ${guard(p)}`;
  return { text, values };
}

/**
 * PATCH: merges the responses sent (checked against the form; answers to scorecard fields are
 * refused), publishes or unpublishes, moves the date, sets or clears the board's decision;
 * nothing else changes. Attachments dropped from a file field are deleted.
 */
export async function updateInterview(ctx: Ctx, personId: string, id: string, input: UpdateInterviewInput) {
  const current = await findVisibleInterview(ctx, personId, id);
  if (input.responses) refuseScorecardAnswers(current.fields, input.responses);
  const changes: Changes = {
    responses: input.responses ? validateResponses(current.fields, input.responses, current.files) : null,
    published: input.published === undefined ? null : input.published === 1,
    date: input.date ?? null,
    decision: input.recommendation === undefined ? null : { recommendation: input.recommendation },
    schedule: scheduleOf(input),
  };
  const rescheduled = Object.keys(changes.schedule).length > 0;
  if (changes.responses || changes.published !== null || changes.date || changes.decision || rescheduled) {
    const dropped = changes.responses?.droppedFiles ?? [];
    // Unpublishing takes the interview from its candidate and mentors: the full path ends their sight of it.
    // A decision counts the tally after locking the row, in the transaction of the full path.
    const alone = !dropped.length && changes.published !== false && !changes.decision && (await updatedAlone(ctx, id, changes));
    if (!alone) await updateWithEvents(ctx, personId, id, changes, dropped);
  }
  const updated = await getInterview(ctx, personId, id, {}, { echo: true });
  // Invitations follow a new time or place, and publishing (the district may send them then).
  if (rescheduled || (changes.published !== null && (updated.starts_at !== null || current.startsAt !== null))) await queueInvitationSync(ctx.districtId, [id]);
  return updated;
}

/** The everyday PATCH (answers, publishing) as one statement, done only while no endpoint listens to its events. */
async function updatedAlone(ctx: Ctx, id: string, changes: Changes) {
  const { text, values } = updateStatement(ctx, id, changes, (p) => unsubscribedSql(ctx.districtId, ["interview.updated", "interview.published"], p));
  return (await sqlRows(`${text} returning id`, values)).length === 1;
}

/**
 * The PATCH in a transaction that records its webhook events and deletes the dropped
 * attachments. Unpublished, the candidate and their mentors stop seeing it (and its recordings'
 * channel): their sockets end once it has committed.
 */
async function updateWithEvents(ctx: Ctx, personId: string, id: string, changes: Changes, dropped: ResponseChanges["droppedFiles"]) {
  const lostSight = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    const [before] = await tx.$queryRaw<{ published: boolean }[]>`
      select published from interviews where id = ${id} and district_id = ${ctx.districtId} for update`;
    if (!before) throw notFound("Interview");
    const { text, values } = updateStatement(ctx, id, changes);
    await tx.$executeRawUnsafe(text, ...values);
    if (dropped.length) await tx.interviewFile.deleteMany({ where: { districtId: ctx.districtId, interviewId: id, id: { in: dropped.map((f) => f.id) } } });
    // Webhook events, with the interview as committed (publishing is also an update).
    const data = readOnce(() => interviewEventData(tx, ctx.districtId, id));
    await emit("interview.updated", data);
    if (changes.published && !before.published) await emit("interview.published", data);
    return changes.published === false && before.published ? candidateAndMentors(tx, ctx.districtId, personId) : [];
  });
  await endRealtimeAccess(lostSight);
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  if (dropped.length)
    await storage()
      .delete(dropped.map((f) => f.storageKey))
      .catch((error) => log.error({ err: error }, "could not delete stored files"));
}
