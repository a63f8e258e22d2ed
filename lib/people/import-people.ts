import "server-only";
import type { Ctx } from "@/lib/auth/context";
import type { RoleKind } from "@/lib/auth/permissions";
import { db, type Db, type Tx } from "@/lib/db/client";
import { AppError, conflict } from "@/lib/errors/app-error";
import { newCuidShapedId } from "@/lib/ids/ids.shared";
import { terminateUserConnections } from "@/lib/realtime/publish";
import { hasSubscribers, transactionWithEvents } from "@/lib/webhooks/emit-event";
import { peopleEventData } from "@/lib/webhooks/event-data";
import { EVENT_GROUPS } from "@/lib/webhooks/event-types.shared";
import { isUniqueViolation } from "./create-person";
import type { ImportReport } from "./csv-schemas";
import { restoreFormula } from "./people-csv-cells";
import { planPeopleImport, type ExistingPerson, type ImportState, type PersonValues, type PlannedRow } from "./plan-people-import";
import type { PeopleCsv } from "./read-people-csv";
import { assertAnotherActiveAdmin, lockDistrictAdmins } from "./rights";

type Reader = Db | Tx;

const PERSON_EVENTS = EVENT_GROUPS.person;

/** Rows written per statement: set-based writes, a few statements for thousands of people. */
const BATCH = 2000;
/** The most details a refused import lists (the dry run reports every row). */
const MAX_DETAILS = 200;

const chunks = <T>(list: T[], size = BATCH) => Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** What the plan needs to know of the district: its roles and tags, the people the file names, its active administrators. */
async function loadState(reader: Reader, ctx: Ctx, csv: PeopleCsv): Promise<ImportState> {
  const keys = [
    ...new Set(
      csv.rows
        .map((r) =>
          restoreFormula(r.cells.email ?? "")
            .trim()
            .toLowerCase(),
        )
        .filter(Boolean),
    ),
  ];
  const [roles, tags, people, admins] = await Promise.all([
    reader.role.findMany({
      where: { districtId: ctx.districtId },
      select: { id: true, name: true, kind: true, permissions: true },
      orderBy: { createdAt: "asc" },
    }),
    reader.tag.findMany({ where: { districtId: ctx.districtId }, select: { id: true, name: true } }),
    Promise.all(
      chunks(keys, 5000).map((part) =>
        reader.person.findMany({
          where: { districtId: ctx.districtId, emailKey: { in: part } },
          select: { id: true, first: true, last: true, email: true, emailKey: true, language: true, roles: true, tags: true, archived: true },
        }),
      ),
    ),
    reader.$queryRaw<{ id: string }[]>`
      select p.id from people p
       where p.district_id = ${ctx.districtId} and not p.archived
         and exists (select 1 from roles r where r.district_id = p.district_id and r.kind = 'admin' and jsonb_exists(p.roles, r.id))`,
  ]);
  const existing = new Map<string, ExistingPerson>(
    people.flat().map(({ emailKey, roles, ...p }) => [emailKey, { ...p, roles: (roles ?? {}) as Record<string, 1 | 2> }]),
  );
  return { roles: roles.map((r) => ({ ...r, kind: r.kind as RoleKind })), tags, existing, activeAdmins: new Set(admins.map((a) => a.id)) };
}

function report(csv: PeopleCsv, plan: PlannedRow[], dryRun: boolean): ImportReport {
  const counts = { rows: plan.length, create: 0, update: 0, unchanged: 0, refuse: 0 };
  for (const row of plan) counts[row.action]++;
  return {
    dry_run: dryRun,
    delimiter: csv.delimiter,
    counts,
    rows: plan.map((r) => ({ row: r.row, email: r.email, action: r.action, person_id: r.personId, changes: r.changes, errors: r.errors })),
  };
}

function refused(plan: PlannedRow[]): AppError {
  const bad = plan.filter((r) => r.action === "refuse");
  const details = bad.flatMap((r) => r.errors.map((e) => ({ path: `rows.${r.row}.${e.column}`, message: e.message })));
  const shown = details.slice(0, MAX_DETAILS);
  if (details.length > shown.length)
    shown.push({ path: "rows", message: `…and ${details.length - shown.length} more problems: run a dry run for the full report.` });
  return new AppError(
    "validation_error",
    `${bad.length} of ${plan.length} rows cannot be imported, so nothing was imported. Fix them (a dry run reports each one) and import again.`,
    shown,
  );
}

/** Column arrays of a batch of rows, for unnest(). */
const columns = (part: PlannedRow[]) => {
  const v = (pick: (values: PersonValues) => unknown) => part.map((r) => pick(r.values!));
  return {
    first: v((x) => x.first),
    last: v((x) => x.last),
    email: v((x) => x.email),
    language: v((x) => x.language),
    roles: v((x) => JSON.stringify(x.roles)),
    tags: v((x) => JSON.stringify(x.tags)),
    archived: v((x) => x.archived),
  };
};

/** One INSERT per batch, from arrays (Prisma's createManyAndReturn took ~0.7 s per 1,000 rows here). */
async function insertPeople(tx: Tx, ctx: Ctx, rows: PlannedRow[], progress: (rows: number) => void) {
  for (const part of chunks(rows)) {
    for (const r of part) r.personId = newCuidShapedId();
    const c = columns(part);
    await tx.$executeRaw`
      insert into people (id, district_id, first, last, email, email_key, language, roles, tags, archived)
      select v.id, ${ctx.districtId}, v.first, v.last, v.email, lower(v.email), v.language, v.roles::jsonb, array(select jsonb_array_elements_text(v.tags::jsonb)), v.archived
        from unnest(${part.map((r) => r.personId!)}::text[], ${c.first}::text[], ${c.last}::text[], ${c.email}::text[], ${c.language}::text[],
                    ${c.roles}::text[], ${c.tags}::text[], ${c.archived}::boolean[]) as v(id, first, last, email, language, roles, tags, archived)`;
    progress(part.length);
  }
}

/** One UPDATE per batch: every column of the changed people set from arrays (district_id in the WHERE, as every write). */
async function updatePeople(tx: Tx, ctx: Ctx, rows: PlannedRow[], progress: (rows: number) => void) {
  for (const part of chunks(rows)) {
    const c = columns(part);
    await tx.$executeRaw`
      update people p
         set first = v.first, last = v.last, email = v.email, email_key = lower(v.email), language = v.language,
             roles = v.roles::jsonb, tags = array(select jsonb_array_elements_text(v.tags::jsonb)), archived = v.archived, updated_at = now()
        from unnest(${part.map((r) => r.personId!)}::text[], ${c.first}::text[], ${c.last}::text[], ${c.email}::text[], ${c.language}::text[],
                    ${c.roles}::text[], ${c.tags}::text[], ${c.archived}::boolean[]) as v(id, first, last, email, language, roles, tags, archived)
       where p.district_id = ${ctx.districtId} and p.id = v.id`;
    progress(part.length);
  }
}

/** What the queued import (run-people-import.ts) adds to an apply: progress as batches are written (rows done so far), and its record marked done in the same transaction. */
export type ApplyHooks = { onProgress?: (rowsDone: number) => void; finish?: (tx: Tx, report: ImportReport) => Promise<void> };

/** How long an import's transaction may run within a request (10,000 rows take under 10 s). */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * POST /api/people/import: plans every row (lib/people/plan-people-import.ts) and, with
 * `dryRun`, only reports. Otherwise it plans again inside one transaction that holds the
 * district's admin lock (so the checks see what the writes change) and applies every row with
 * set-based statements, or nothing: a single refused row refuses the whole import (400, each
 * problem in `details`). The people it creates, updates and archives are reported to webhooks
 * (person.created, person.updated, person.archived) in that same transaction, set-based too.
 * People archived by the import are signed out everywhere.
 */
export async function importPeople(
  ctx: Ctx,
  csv: PeopleCsv,
  { dryRun, timeoutMs = REQUEST_TIMEOUT_MS }: { dryRun: boolean; timeoutMs?: number },
  hooks: ApplyHooks = {},
): Promise<ImportReport> {
  if (dryRun) return report(csv, planPeopleImport(ctx, csv, await loadState(db(), ctx, csv)), true);
  let archived: string[] = [];
  let result: ImportReport;
  try {
    result = await transactionWithEvents(
      ctx.districtId,
      async (tx, _emit, emitMany) => {
        await lockDistrictAdmins(tx, ctx.districtId);
        const state = await loadState(tx, ctx, csv);
        const planned = planPeopleImport(ctx, csv, state);
        if (planned.some((r) => r.action === "refuse")) throw refused(planned);
        const creates = planned.filter((r) => r.action === "create");
        const updates = planned.filter((r) => r.action === "update");
        let done = planned.length - creates.length - updates.length;
        const progress = (rows: number) => hooks.onProgress?.((done += rows));
        await insertPeople(tx, ctx, creates, progress);
        await updatePeople(tx, ctx, updates, progress);
        archived = updates.filter((r) => r.values!.archived && !state.existing.get(r.email.toLowerCase())?.archived).map((r) => r.personId!);
        if (archived.length) await tx.session.deleteMany({ where: { personId: { in: archived } } });
        await assertAnotherActiveAdmin(tx, ctx.districtId, [], "This import cannot be applied");
        // The people as they commit, read once for all three event types, and only if an endpoint listens.
        let people: Promise<Map<string, unknown>> | undefined;
        const dataOf = async (ids: string[]) => {
          const map = await (people ??= peopleEventData(
            tx,
            ctx.districtId,
            [...creates, ...updates].map((r) => r.personId!),
          ));
          return ids.map((id) => map.get(id));
        };
        await emitMany("person.created", () => dataOf(creates.map((r) => r.personId!)));
        await emitMany("person.updated", () => dataOf(updates.map((r) => r.personId!)));
        await emitMany("person.archived", () => dataOf(archived));
        const applied = report(csv, planned, false);
        await hooks.finish?.(tx, applied);
        return applied;
      },
      { timeout: timeoutMs, maxWait: 10_000, queue: await hasSubscribers(ctx.districtId, PERSON_EVENTS) },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("Someone added a person with one of these e-mail addresses meanwhile. Run the import again.");
    throw error;
  }
  for (const id of archived) await terminateUserConnections(id);
  return result;
}
