import type { Prisma } from "@/lib/db/client";
import type { ImportJob, ImportReport } from "./csv-schemas";

export const importSelect = {
  id: true,
  state: true,
  dryRun: true,
  rowsTotal: true,
  rowsDone: true,
  report: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;
type ImportRow = Prisma.PeopleImportGetPayload<{ select: typeof importSelect }>;

const statusUrl = (origin: string, id: string) => `${origin}/api/people/import/jobs/${id}`;

export function serializeImport(origin: string, row: ImportRow): ImportJob {
  return {
    id: row.id,
    state: row.state as ImportJob["state"],
    dry_run: row.dryRun,
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    report: (row.report as ImportReport | null) ?? null,
    error: (row.error as ImportJob["error"]) ?? null,
    status_url: statusUrl(origin, row.id),
    created_at: row.createdAt.getTime(),
    started_at: row.startedAt?.getTime() ?? null,
    finished_at: row.finishedAt?.getTime() ?? null,
  };
}
