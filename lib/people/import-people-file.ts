import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { acceptedResponse, prefersAsync } from "@/lib/http/prefer-async";
import { transactionWithJobs } from "@/lib/jobs/enqueue";
import { MAX_SYNC_IMPORT_BYTES, MAX_SYNC_IMPORT_ROWS } from "./csv-schemas";
import { importPeople } from "./import-people";
import { readImportFile } from "./read-import-file";
import { readPeopleCsv } from "./read-people-csv";
import { importSelect, serializeImport } from "./serialize-people-import";

/** Import records (with their reports) are kept this long; a new import of the district removes older ones. */
const KEPT_DAYS = 7;
/** Storing a file of up to MAX_IMPORT_BYTES with its job: more than Prisma's 5 s default on a busy machine. */
const STORE_TIMEOUT_MS = 60_000;

/**
 * POST /api/people/import. A file of at most MAX_SYNC_IMPORT_ROWS rows and MAX_SYNC_IMPORT_BYTES
 * is read, planned and (unless a dry run) applied within the request, which answers the report.
 * A larger one, or any with `Prefer: respond-async`, is stored with a "people-import" job in one
 * transaction and answered 202 with its status resource. A file over MAX_SYNC_IMPORT_BYTES is
 * not even read here (the job reads it: parsing tens of megabytes would hold the app's heap and
 * event loop), so its rows are counted, and its errors found, by the job.
 */
export async function importPeopleFile(ctx: Ctx, req: Request, { dryRun }: { dryRun: boolean }) {
  const bytes = await readImportFile(req);
  const asked = prefersAsync(req);
  const csv = bytes.byteLength <= MAX_SYNC_IMPORT_BYTES ? readPeopleCsv(bytes) : null;
  if (csv && csv.rows.length <= MAX_SYNC_IMPORT_ROWS && !asked) return importPeople(ctx, csv, { dryRun });
  const row = await transactionWithJobs(
    async (tx, enqueue) => {
      await tx.peopleImport.deleteMany({ where: { districtId: ctx.districtId, createdAt: { lt: new Date(Date.now() - KEPT_DAYS * 86_400_000) } } });
      const created = await tx.peopleImport.create({
        data: {
          districtId: ctx.districtId,
          personId: ctx.actor.type === "person" ? ctx.actor.personId : null,
          keyId: ctx.actor.type === "key" ? ctx.actor.keyId : null,
          dryRun,
          rowsTotal: csv?.rows.length ?? null,
          file: bytes as Uint8Array<ArrayBuffer>,
        },
        select: importSelect,
      });
      await enqueue("people-import", { districtId: ctx.districtId, importId: created.id });
      return created;
    },
    { timeout: STORE_TIMEOUT_MS },
  );
  return acceptedResponse(serializeImport(ctx.origin, row), asked);
}
