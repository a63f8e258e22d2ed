import { z } from "zod";
import { cursorParam } from "@/lib/http/page-params";
import { timestampSchema } from "@/lib/http/schemas";
import { idText } from "@/lib/ids/id-schemas";
import { commaList } from "@/lib/validation/comma-list";
import { text } from "@/lib/validation/text.shared";
import { ACTOR_TYPES, AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from "./actions.shared";

/** Events a page of GET /api/audit holds when `limit` is not given, and at most. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 500;
/** Actions one `action` filter names at most. */
const MAX_ACTIONS = 50;

const msParam = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `Give ${what} as milliseconds since the Unix epoch (a whole number).`)
    .transform(Number);

const actionList = text()
  .max(4000)
  .transform((value, ctx) => {
    const names = commaList(value);
    const unknown = names.filter((name) => !AUDIT_ACTIONS.includes(name));
    if (!names.length || names.length > MAX_ACTIONS || unknown.length) {
      ctx.addIssue({
        code: "custom",
        message: unknown.length
          ? `Unknown action: ${unknown.slice(0, 5).join(", ").slice(0, 300)}. Actions are named "<record_type>.<verb>", e.g. person.updated.`
          : `Name 1 to ${MAX_ACTIONS} actions, separated by commas.`,
      });
      return z.NEVER;
    }
    return names;
  });

/** A cursor of this list: the `seq` of the last event sent. */
const seqCursor = cursorParam.refine((key) => key.length === 1 && Number.isSafeInteger(key[0]) && (key[0] as number) > 0, {
  message: "Not a cursor of this list: send back the next_cursor of the page before.",
});

/** The filters GET /api/audit and GET /api/audit.csv share. */
const auditFilters = z.object({
  actor: idText().optional().describe("Events done by this person or API key (its id)."),
  person: idText().optional().describe("Events about this person (their id): changes to them, to their files, interviews…"),
  record_type: z.enum(AUDIT_RECORD_TYPES as [string, ...string[]], { error: "Not a record type of the audit trail." }).optional(),
  record_id: idText().optional().describe("Events about this record; needs `record_type`."),
  action: actionList.optional(),
  from: msParam("from").optional(),
  to: msParam("to").optional(),
});

function checkFilters(q: z.infer<typeof auditFilters>, ctx: z.RefinementCtx) {
  if (q.record_id && !q.record_type) ctx.addIssue({ code: "custom", path: ["record_id"], message: "Give record_type with record_id." });
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "to comes before from." });
}

export const exportAuditQuery = auditFilters.superRefine(checkFilters);

export const listAuditQuery = auditFilters
  .extend({
    limit: z
      .string()
      .regex(/^\d{1,6}$/, "Use a whole number.")
      .transform(Number)
      .pipe(z.int().min(1, "At least 1.").max(AUDIT_PAGE_MAX, `At most ${AUDIT_PAGE_MAX}.`))
      .optional(),
    cursor: seqCursor.optional(),
  })
  .superRefine(checkFilters);

export type AuditFilters = z.infer<typeof auditFilters>;
export type ListAuditQuery = z.infer<typeof listAuditQuery>;

export const auditEventSchema = z
  .object({
    id: z.string(),
    seq: z.int().describe("The event's place in the district's trail: 1, 2, 3… without gaps (the hash chain's order)."),
    at: timestampSchema.describe("When it happened (the database's clock, ms since the Unix epoch)."),
    actor: z
      .object({
        type: z
          .enum(ACTOR_TYPES)
          .describe(
            "`person` (a signed-in session), `key` (an API key), `system` (a job), `ops` (an operator's command), `database` (a write made outside the app).",
          ),
        id: z.string().nullable().describe("The person's or the key's id."),
        name: z.string().nullable().describe("Their name when it happened (it stays after they are renamed or deleted); null once redacted."),
      })
      .describe("Who did it."),
    via: z.string().nullable().describe('Through what: "session:<session id>" (not a token), "key:<key id>", "job:<queue>", "ops:<command>".'),
    action: z.string().describe("`<record_type>.<verb>`: person.updated, interview.created, key.use_failed…"),
    record_type: z.string(),
    record_id: z.string().nullable().describe("The record (it may have been deleted since)."),
    person_id: z.string().nullable().describe("The person the record is about."),
    changes: z
      .unknown()
      .describe(
        "What changed: `{ field: { old, new } }` for an update, `{ field: value }` for a creation or a deletion; private form answers by name only; " +
          "`{ redacted: true }` once the person it was about was erased; null when there is nothing to show.",
      ),
    request_id: z.string().nullable().describe("The request that did it (a job carries the request that queued it)."),
    redacted: z.boolean().describe("true when the person's details were erased from this event (actor name and changes): the event itself stays."),
  })
  .describe("One event of the district's audit trail.");

export const auditPageSchema = z
  .object({
    events: z.array(auditEventSchema).describe("Newest first."),
    next_cursor: z.string().nullable().describe("The `cursor` of the next (older) page; null on the last page."),
  })
  .describe("A page of the audit trail.");

export type AuditEventView = z.infer<typeof auditEventSchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
