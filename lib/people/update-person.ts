import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { losesInterviewSight } from "@/lib/interviews/interview-audience";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { invalid, notFound } from "@/lib/errors/app-error";
import { personEventData } from "@/lib/webhooks/event-data";
import { readOnce, transactionWithEvents } from "@/lib/webhooks/emit-event";
import { unsubscribedSql } from "@/lib/webhooks/unsubscribed-sql";
import { duplicateEmail, isUniqueViolation } from "./create-person";
import { getPerson } from "./get-person";
import { assertAnotherActiveAdmin, assertCallerCovers, holdsAdminRole, lockDistrictAdmins } from "./rights";
import type { UpdatePersonInput } from "./schemas";

const roleIdsOf = (roles: unknown) => Object.keys((roles ?? {}) as Record<string, unknown>);

/** What any people editor may change on anyone: no rights to cover, no administrator to lose. */
const PLAIN_FIELDS = new Set(["first", "last", "language", "tags"]);

/**
 * The everyday PATCH (a name, a language, tags) as one statement: when nothing guarded is sent,
 * every tag is the district's and no webhook endpoint listens to `person.updated`. True when it
 * was done; otherwise nothing changed and the full path below runs (and says what was wrong).
 */
async function updatedPlainFields(ctx: Ctx, id: string, input: UpdatePersonInput, tags: string[] | undefined) {
  const sent = Object.entries(input).filter(([, value]) => value !== undefined);
  if (!sent.length || sent.some(([field]) => !PLAIN_FIELDS.has(field))) return false;
  const { values, p } = sqlParams();
  const district = p(ctx.districtId);
  const knownTags = tags?.length
    ? `and (select count(*) from tags t where t.district_id = ${district} and t.id = any(${p(tags)}::text[])) = ${tags.length}`
    : "";
  const rows = await sqlRows(
    `update people set first = coalesce(${p(input.first ?? null)}, first), last = coalesce(${p(input.last ?? null)}, last),
            language = coalesce(${p(input.language ?? null)}, language), tags = coalesce(${p(tags ?? null)}::text[], tags),
            updated_at = now() at time zone 'utc'
      where id = ${p(id)} and district_id = ${district} ${knownTags} and ${unsubscribedSql(ctx.districtId, ["person.updated"], p)}
      returning id`,
    values,
  );
  return rows.length === 1;
}

/**
 * Changes only the fields sent; `mentors` replaces the candidate's mentor list.
 *
 * The e-mail (the sign-in address), the archived state and the roles are guarded: changing
 * them needs every permission and staff kind the person holds (and, for roles, those of the
 * roles granted or taken away). Otherwise a people editor could point an administrator's
 * e-mail at their own mailbox and sign in as them. The last active administrator cannot be
 * archived or demoted. Checks and writes share one transaction, which holds the district's
 * admin lock whenever an administrator could be lost.
 */
export async function updatePerson(ctx: Ctx, id: string, input: UpdatePersonInput) {
  const tags = input.tags && [...new Set(input.tags)];
  const mentors = input.mentors && [...new Set(input.mentors)];
  if (mentors?.includes(id)) throw invalid("mentors", "A person cannot be their own mentor.");
  if (await updatedPlainFields(ctx, id, input, tags)) return getPerson(ctx, id);
  await assertKnownIds(ctx, {
    roles: input.roles && roleIdsOf(input.roles),
    tags,
    people: mentors && { field: "mentors", ids: mentors },
  });

  // Who stops seeing an interview through this change: mentors taken away, or the person whose
  // roles no longer show it. Their sockets end after the commit (see the end).
  const lostSight = new Set<string>();
  try {
    await transactionWithEvents(ctx.districtId, async (tx, emit) => {
      lostSight.clear(); // the work may run again (emit-event.ts)
      const where = { id, districtId: ctx.districtId };
      await lockDistrictAdmins(tx, ctx.districtId);
      const existing = await tx.person.findFirst({ where, select: { roles: true, archived: true, emailKey: true } });
      if (!existing) throw notFound("Person");

      const held = roleIdsOf(existing.roles);
      const next = input.roles ? roleIdsOf(input.roles) : held;
      const changedRoles = [...new Set([...held, ...next])].filter((r) => !held.includes(r) || !next.includes(r));
      const emailChanges = input.email !== undefined && input.email.toLowerCase() !== existing.emailKey;
      const archivedChanges = input.archived !== undefined && input.archived !== existing.archived;
      if (emailChanges) await assertCallerCovers(ctx, tx, held, "change this person's e-mail address");
      if (archivedChanges) await assertCallerCovers(ctx, tx, held, input.archived ? "archive this person" : "restore this person");
      if (changedRoles.length) await assertCallerCovers(ctx, tx, [...held, ...changedRoles], "change this person's roles");

      if (changedRoles.length) {
        const definitions = await tx.role.findMany({
          where: { districtId: ctx.districtId, id: { in: [...held, ...next] } },
          select: { id: true, kind: true, permissions: true },
        });
        const of = (ids: string[]) => definitions.filter((r) => ids.includes(r.id));
        if (losesInterviewSight(of(held), of(next))) lostSight.add(id);
      }

      // Only archiving or a change of roles can take an active administrator away.
      if (archivedChanges || changedRoles.length) {
        const wasActiveAdmin = !existing.archived && (await holdsAdminRole(tx, ctx.districtId, held));
        const staysActiveAdmin = !(input.archived ?? existing.archived) && (await holdsAdminRole(tx, ctx.districtId, next));
        if (wasActiveAdmin && !staysActiveAdmin) {
          await assertAnotherActiveAdmin(
            tx,
            ctx.districtId,
            [id],
            input.archived ? "This person cannot be archived" : "This person cannot lose the administrator role",
          );
        }
      }

      await tx.person.update({
        where,
        data: {
          first: input.first,
          last: input.last,
          email: input.email,
          emailKey: input.email?.toLowerCase(),
          language: input.language,
          roles: input.roles,
          tags,
          archived: input.archived,
        },
      });
      if (mentors) {
        const removed = await tx.mentorAssignment.findMany({
          where: { districtId: ctx.districtId, candidateId: id, mentorId: { notIn: mentors } },
          select: { mentorId: true },
        });
        for (const { mentorId } of removed) lostSight.add(mentorId);
        await tx.mentorAssignment.deleteMany({ where: { districtId: ctx.districtId, candidateId: id, mentorId: { notIn: mentors } } });
        await tx.mentorAssignment.createMany({
          data: mentors.map((mentorId) => ({ districtId: ctx.districtId, mentorId, candidateId: id })),
          skipDuplicates: true,
        });
      }
      // Archiving signs the person out everywhere.
      if (input.archived) await tx.session.deleteMany({ where: { personId: id } });
      // Webhook events, with the person as committed (archiving is also an update).
      const data = readOnce(() => personEventData(tx, ctx.districtId, id));
      await emit("person.updated", data);
      if (archivedChanges && input.archived) await emit("person.archived", data);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
  // Signed out above, or no longer seeing an interview: their open sockets end, now that the
  // change is committed, and reconnect authorised afresh from the database.
  if (input.archived) lostSight.add(id);
  await endRealtimeAccess(lostSight);
  return getPerson(ctx, id);
}
