import "server-only";
import { stringify } from "csv-stringify/sync";
import type { Ctx } from "@/lib/auth/context";
import { neutralizeFormula } from "@/lib/people/people-csv-cells";
import { readAuditEvents, serializeAuditEvent } from "./list-audit-events";
import type { AuditEventView, AuditFilters } from "./schemas";

/** Events read per query: the stream holds one batch at a time, however long the trail. */
const BATCH = 1000;

/** The columns of GET /api/audit.csv, in order: GET /api/audit's fields, the actor's spread out. */
const AUDIT_CSV_COLUMNS = [
  "seq",
  "at",
  "actor_type",
  "actor_id",
  "actor_name",
  "via",
  "action",
  "record_type",
  "record_id",
  "person_id",
  "changes",
  "request_id",
  "redacted",
  "id",
] as const;

function line(e: AuditEventView): string[] {
  return [
    String(e.seq),
    new Date(e.at).toISOString(),
    e.actor.type,
    e.actor.id ?? "",
    e.actor.name ?? "",
    e.via ?? "",
    e.action,
    e.record_type,
    e.record_id ?? "",
    e.person_id ?? "",
    e.changes === null ? "" : JSON.stringify(e.changes),
    e.request_id ?? "",
    e.redacted ? "1" : "0",
    e.id,
  ].map(neutralizeFormula);
}

/**
 * GET /api/audit.csv: the events GET /api/audit lists for the same filters, all of them, newest
 * first, read BATCH at a time by seq (as the list pages) and written as they come. `at` in ISO
 * 8601 UTC, `changes` as JSON; UTF-8 with a BOM, CRLF line ends, and cells a spreadsheet would
 * run as a formula (a name typed as "=HYPERLINK(…)") neutralised with a leading apostrophe.
 */
export function auditCsvResponse(ctx: Ctx, filters: AuditFilters): Response {
  const encoder = new TextEncoder();
  const csv = (rows: string[][]) => encoder.encode(stringify(rows, { record_delimiter: "windows" }));
  let before: number | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode("\uFEFF"));
        controller.enqueue(csv([[...AUDIT_CSV_COLUMNS]]));
      },
      async pull(controller) {
        const rows = await readAuditEvents(ctx, filters, BATCH, before);
        if (rows.length) controller.enqueue(csv(rows.map((row) => line(serializeAuditEvent(row)))));
        if (rows.length < BATCH) return controller.close();
        before = Number(rows.at(-1)!.seq);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="audit.csv"',
      "cache-control": "private, no-store",
    },
  });
}
