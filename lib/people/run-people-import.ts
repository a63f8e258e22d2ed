import "server-only";
import { keyNow, personNow } from "@/lib/auth/actor-context";
import { hasPermission, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { AppError, forbidden } from "@/lib/errors/app-error";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { toAppError } from "@/lib/http/errors";
import type { JobData, JobInfo } from "@/lib/jobs/queues";
import { importPeople } from "./import-people";
import { readPeopleCsv } from "./read-people-csv";

/** How long a queued import's transaction may run (100,000 rows take under 2 minutes here; the queue's expiry is longer). */
const JOB_TIMEOUT_MS = 15 * 60_000;

/** Who started the import, with their rights as they are now; refused (403) when those no longer allow an import. */
async function importer(districtId: string, who: { personId: string | null; keyId: string | null }): Promise<Ctx> {
  if (who.keyId) {
    const key = await keyNow(db(), districtId, who.keyId);
    if (!key?.usable) throw forbidden("The API key that started this import was revoked or has expired since.");
    if (!(key.ctx.actor.type === "key" && key.ctx.actor.scopes.has("write:people")))
      throw forbidden("The API key that started this import no longer has the write:people scope.");
    return { ...key.ctx, origin: serviceOrigin() };
  }
  const person = who.personId ? await personNow(db(), districtId, who.personId) : null;
  if (!person || person.archived) throw forbidden("The person who started this import was archived or deleted since.");
  if (!hasPermission(person.ctx, "people:edit")) throw forbidden("The person who started this import may no longer edit people.");
  return { ...person.ctx, origin: serviceOrigin() };
}

/**
 * Progress written beside the import's transaction, never awaited by it: at most one write in
 * flight, each only raising rows_done while the import runs. On the embedded database a write
 * waits until the transaction ends (one transaction at a time), then finds it done.
 */
function progressWriter(districtId: string, id: string) {
  let inFlight = false;
  let latest = 0;
  const write = () => {
    inFlight = true;
    const value = latest;
    void db()
      .$executeRaw`update people_imports set rows_done = greatest(rows_done, ${value}) where id = ${id} and district_id = ${districtId} and state = 'running'`
      .catch(() => {})
      .finally(() => {
        inFlight = false;
        if (latest > value) write();
      });
  };
  return (rowsDone: number) => {
    latest = rowsDone;
    if (!inFlight) write();
  };
}

/**
 * The job "people-import": reads the stored file and runs the import as the request would have
 * (lib/people/import-people.ts), as whoever started it with their rights now. Applied, the import
 * marks its record done with the report in its own transaction (so a retry after a crash finds it
 * done, never applies it twice) and drops the file. A refusal (a bad file, a refused row, rights
 * lost) is the import's answer: the record is failed with that error and nothing was written.
 * Anything else is retried; the last attempt's failure is recorded too.
 */
export async function runPeopleImport(data: JobData["people-import"], job: JobInfo) {
  const where = { id: data.importId, districtId: data.districtId };
  const record = await db().peopleImport.findFirst({ where, select: { state: true, dryRun: true, personId: true, keyId: true, file: true } });
  if (!record) return { dropped: "the import is gone" };
  if (record.state === "done" || record.state === "failed" || !record.file) return { already: record.state };
  // A run after a crash starts afresh: the crashed one's transaction rolled back.
  await db().peopleImport.updateMany({ where, data: { state: "running", startedAt: new Date(), rowsDone: 0 } });
  const finished = { file: null, finishedAt: new Date() };
  try {
    const ctx = await importer(data.districtId, record);
    const csv = readPeopleCsv(record.file);
    await db().peopleImport.updateMany({ where, data: { rowsTotal: csv.rows.length } });
    if (record.dryRun) {
      const report = await importPeople(ctx, csv, { dryRun: true });
      await db().peopleImport.updateMany({ where, data: { ...finished, state: "done", rowsDone: csv.rows.length, report } });
      return { done: report.counts };
    }
    const report = await importPeople(
      ctx,
      csv,
      { dryRun: false, timeoutMs: JOB_TIMEOUT_MS },
      {
        onProgress: progressWriter(data.districtId, data.importId),
        finish: (tx, applied) =>
          tx.peopleImport.updateMany({ where, data: { ...finished, state: "done", rowsDone: csv.rows.length, report: applied } }).then(() => undefined),
      },
    );
    return { done: report.counts };
  } catch (error) {
    const refusal = error instanceof AppError;
    if (!refusal && !job.isLastAttempt) throw error;
    const appError = toAppError(error);
    const body = { code: appError.code, message: appError.message, ...(appError.details?.length ? { details: appError.details } : {}) };
    await db().peopleImport.updateMany({ where, data: { ...finished, state: "failed", error: body } });
    return { failed: body.code };
  }
}
