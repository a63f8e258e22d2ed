import "server-only";
import { APP_ACTIONS } from "@/lib/audit/actions.shared";
import { recordCallerEvents } from "@/lib/audit/record-audit-event";
import { redactAuditDetails } from "@/lib/audit/redact-audit-details";
import type { Ctx } from "@/lib/auth/context";
import { invalid, notFound } from "@/lib/errors/app-error";
import { endRealtimeAccess } from "@/lib/realtime/publish";
import { announceDeletedRecordings } from "@/lib/retention/delete-recordings";
import { storage } from "@/lib/storage/storage";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { eraseRecords } from "./erase-person-records";
import { eraseOutbox, eraseTraces } from "./erase-person-traces";
import { assertAnotherActiveAdmin, assertCallerCovers, holdsAdminRole, lockDistrictAdmins } from "./rights";

/**
 * POST /api/people/:id/erase: removes everything that identifies the person (see
 * erase-person-records.ts for what goes and what stays, erase-person-traces.ts for the copies
 * beside the records), in one transaction, confirmed by their e-mail (400 when it does not
 * match). Never the district's last active administrator (409). Their sessions end with the
 * transaction and their realtime connections right after; stored bytes and outbox e-mails go
 * after the commit. Integrators hear `person.erased` (the id only).
 */
export async function erasePerson(ctx: Ctx, id: string, confirmEmail: string) {
  const { deleted, email } = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
    await lockDistrictAdmins(tx, ctx.districtId);
    const person = await tx.person.findFirst({
      where: { id, districtId: ctx.districtId },
      select: {
        email: true,
        emailKey: true,
        roles: true,
        archived: true,
        erasedAt: true,
        interviews: { select: { id: true, recordings: { select: { id: true } } } },
      },
    });
    if (!person || person.erasedAt) throw notFound("Person");
    if (confirmEmail.toLowerCase() !== person.emailKey) {
      throw invalid("email", "Not this person's e-mail address: type it again to confirm the erasure.");
    }
    const held = Object.keys((person.roles ?? {}) as Record<string, unknown>);
    await assertCallerCovers(ctx, tx, held, "erase this person");
    if (!person.archived && (await holdsAdminRole(tx, ctx.districtId, held))) {
      await assertAnotherActiveAdmin(tx, ctx.districtId, [id], "This person cannot be erased");
    }
    const relatedIds = person.interviews.flatMap((i) => [i.id, ...i.recordings.map((r) => r.id)]);
    const deleted = await eraseRecords(tx, ctx.districtId, id);
    await eraseTraces(tx, { districtId: ctx.districtId, personId: id, email: person.email, relatedIds });
    // Last: the audit rows of the writes above name the person too. They wait for the commit (a
    // deferred trigger appends them): appended now, they are redacted with the older ones. The
    // erasure itself stays, without details.
    await tx.$executeRaw`set constraints "audit_pending_flush" immediate`;
    await redactAuditDetails(tx, ctx.districtId, id);
    await tx.$executeRaw`set constraints "audit_pending_flush" deferred`;
    await recordCallerEvents(ctx, [{ action: APP_ACTIONS.personErased, recordType: "person", recordId: id, personId: id }], tx);
    await emit("person.erased", () => ({ id }));
    return { deleted, email: person.email };
  });
  await endRealtimeAccess([id]);
  await announceDeletedRecordings(deleted.recordings);
  // Bytes go after the commit: a failed delete leaves an unreferenced file, never a dangling record.
  await storage()
    .delete(deleted.keys)
    .catch((error) => console.error("[erase] could not delete stored files", error));
  await eraseOutbox(email).catch((error) => console.error("[erase] could not clear the outbox", error));
  return { ok: true as const, id };
}
