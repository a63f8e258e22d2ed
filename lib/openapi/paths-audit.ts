import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX, auditPageSchema, exportAuditQuery, listAuditQuery } from "@/lib/audit/schemas";
import type { Endpoints } from "./operation";

const TRAIL =
  "The audit trail records every change to the district's records (who, when, through what, and each field's old and new value; private form answers by name only), " +
  "sign-ins, refused API keys and reads of private material. It is written by the database itself, in the same transaction as the change, as a hash chain " +
  "(`npm run admin -- audit verify` checks it): nobody can change or remove an event unnoticed. An erased person's details are redacted from their events (`redacted: true`), which keep their place.";

const FILTERS = {
  actor: { description: "Events done by this person or API key (its id)." },
  person: { description: "Events about this person (their id): the person, their files, interviews, mentors…" },
  record_type: { description: "Events about records of this type: `person`, `interview`, `key`, `session`…", example: "person" },
  record_id: { description: "Events about this record (its id); needs `record_type`." },
  action: { description: "Only these actions, one or a comma-separated list of `<record_type>.<verb>`.", example: "person.updated,person.deleted" },
  from: { description: "Events at or after this moment (ms since the Unix epoch).", example: "1796083200000" },
  to: { description: "Events at or before this moment (ms since the Unix epoch)." },
};

const CROSS_DISTRICT =
  "Always the caller's district only: an id of another district's person, record or actor matches nothing and gives an empty list (never a 404 that would tell it exists). " +
  "Every filter is checked: an unknown `action` or `record_type`, a `record_id` without `record_type`, or `to` before `from` is a 400 `validation_error`.";

export const auditEndpoints = {
  listAuditEvents: {
    method: "GET",
    path: "/api/audit",
    scope: "audit",
    roleKind: "admin",
    query: listAuditQuery,
    tag: "Audit",
    summary: "List the district's audit trail",
    description:
      `${TRAIL}\n\nNewest first (by \`seq\`, the chain's order), ${AUDIT_PAGE_DEFAULT} events a page unless \`limit\` says otherwise (at most ${AUDIT_PAGE_MAX}). ` +
      'A page that is not the last names the next in `next_cursor` (also in `X-Next-Cursor` and `Link: <…>; rel="next"`): send it back as `cursor`, ' +
      `with the same filters. Events added meanwhile are newer than every page already read, so paging never repeats or skips one. ${CROSS_DISTRICT}`,
    queryDocs: {
      ...FILTERS,
      limit: { description: `Events per page, 1 to ${AUDIT_PAGE_MAX} (default ${AUDIT_PAGE_DEFAULT}).`, example: "100" },
      cursor: { description: "The `next_cursor` of the page before (opaque)." },
    },
    response: {
      description: "A page of events.",
      schema: auditPageSchema,
      headers: {
        "X-Next-Cursor": "The `cursor` of the next page, as `next_cursor`; absent on the last page.",
        Link: 'The next page as `<…>; rel="next"`.',
        "Cache-Control": "`private, no-store`.",
      },
    },
  },
  exportAuditCsv: {
    method: "GET",
    path: "/api/audit.csv",
    scope: "audit",
    roleKind: "admin",
    query: exportAuditQuery,
    tag: "Audit",
    summary: "Export the audit trail as CSV",
    description:
      "Every event GET /api/audit lists for the same filters, newest first, as a CSV download (UTF-8 with a BOM, comma-delimited, CRLF line ends, a header row): " +
      "`seq, at, actor_type, actor_id, actor_name, via, action, record_type, record_id, person_id, changes, request_id, redacted, id`, with `at` in ISO 8601 (UTC), " +
      "`changes` as JSON and `redacted` as 1 or 0. Cells that a spreadsheet would run as a formula start with an apostrophe. No row limit: streamed in batches of 1,000. " +
      CROSS_DISTRICT,
    queryDocs: FILTERS,
    response: {
      description: "The CSV file.",
      binary: true,
      contentType: "text/csv",
      headers: { "Content-Disposition": '`attachment; filename="audit.csv"`.', "Cache-Control": "`private, no-store`." },
    },
  },
} satisfies Endpoints;
