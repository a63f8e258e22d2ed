import { z } from "zod";
import { errorBodySchema } from "@/lib/http/errors";
import { timestampSchema } from "@/lib/http/schemas";
import { listPeopleQuery } from "./schemas";

/**
 * The columns of GET /api/people.csv, in order, and what POST /api/people/import reads: the
 * people page's columns (name, e-mail, roles, tags, archived) plus the language, so that an
 * export imports back unchanged.
 */
export const PEOPLE_CSV_COLUMNS = ["first", "last", "email", "language", "primary_role", "other_roles", "tags", "archived"] as const;
export type PeopleCsvColumn = (typeof PEOPLE_CSV_COLUMNS)[number];
/** Columns an import must have. */
export const REQUIRED_IMPORT_COLUMNS: readonly PeopleCsvColumn[] = ["first", "last", "email"];
/** Separates the roles or tags inside one cell. */
export const LIST_SEPARATOR = ";";
/** Rows one import takes at most (413 beyond). */
export const MAX_IMPORT_ROWS = 100_000;
/**
 * Bytes of one import file at most (413 beyond): 100,000 rows of the export's columns take about
 * 9 MB. The file is held by the app while it is stored for the job (as hex on its way to the
 * database: twice its size in the app's bounded heap).
 */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/**
 * The largest import answered within its request (rows, bytes): 10,000 rows take under 10 s. A
 * larger file (or any with `Prefer: respond-async`) runs as a job, followed at its status URL.
 */
export const MAX_SYNC_IMPORT_ROWS = 10_000;
export const MAX_SYNC_IMPORT_BYTES = 4 * 1024 * 1024;

const boolParam = z.enum(["true", "false", "1", "0"], { error: "Use true or false." }).transform((v) => v === "true" || v === "1");

/** GET /api/people.csv: the list's filters, as the people page applies them. */
export const exportPeopleQuery = listPeopleQuery.pick({ archived: true, role: true, tag: true, q: true });
export type ExportPeopleQuery = z.infer<typeof exportPeopleQuery>;

export const importPeopleQuery = z.object({ dry_run: boolParam.optional() });

// ---- The import report ----

const IMPORT_ACTIONS = ["create", "update", "unchanged", "refuse"] as const;

export const importRowSchema = z
  .object({
    row: z.int().describe("The row in the file as a spreadsheet numbers it: the header is row 1, the first person row 2."),
    email: z.string().describe("The row's e-mail cell as read (possibly not a valid address)."),
    action: z
      .enum(IMPORT_ACTIONS)
      .describe(
        "`create`: a new person; `update`: the person with this e-mail (compared case-insensitively) changes; `unchanged`: that person already matches the row; `refuse`: the row cannot be imported (see `errors`).",
      ),
    person_id: z
      .string()
      .nullable()
      .describe("The person's id: the existing one for `update` and `unchanged`, the new one for `create` once applied; null otherwise."),
    changes: z.array(z.enum(PEOPLE_CSV_COLUMNS)).describe("For `update`: the columns whose value changes; `[]` otherwise."),
    errors: z
      .array(z.object({ column: z.string().describe("The column at fault, or `row` for the row as a whole."), message: z.string() }))
      .describe("For `refuse`: every reason; `[]` otherwise."),
  })
  .describe("What the import does (or did) with one row.");

export const importReportSchema = z
  .object({
    dry_run: z.boolean().describe("true: nothing was written; false: every row was applied, in one transaction."),
    delimiter: z.enum([",", ";"]).describe("The delimiter the file was read with (detected from its header row)."),
    counts: z.object({ rows: z.int(), create: z.int(), update: z.int(), unchanged: z.int(), refuse: z.int() }).describe("How many rows of each action."),
    rows: z.array(importRowSchema).describe("One entry per person row, in file order."),
  })
  .describe("The import report: per row, what would be (dry run) or was done.");

export type ImportReport = z.infer<typeof importReportSchema>;

// ---- An import run as a job ----

const IMPORT_STATES = ["queued", "running", "done", "failed"] as const;

export const importJobSchema = z
  .object({
    id: z.string(),
    state: z
      .enum(IMPORT_STATES)
      .describe(
        "`queued`: waiting for a worker; `running`: being checked and written; `done`: `report` says what was done (or, for a dry run, would be); `failed`: `error` says why, and nothing was written.",
      ),
    dry_run: z.boolean(),
    rows_total: z.int().nullable().describe("People rows in the file; null until it has been read (a file over 4 MB is read by the job)."),
    rows_done: z
      .int()
      .describe(
        "Rows checked and written so far (rows left unchanged count at once). Reaches `rows_total` when done. On the embedded database it moves only when the import's transaction ends: nothing else reads meanwhile.",
      ),
    report: importReportSchema.nullable().describe("Once `done`: the report POST /api/people/import answers for smaller files."),
    error: errorBodySchema.shape.error
      .nullable()
      .describe("Once `failed`: the error the request would have answered (a refused row: `validation_error` with each problem in `details`)."),
    status_url: z.string().describe("`{base_url}/api/people/import/jobs/<id>`: this resource (also the `Location` of the 202)."),
    created_at: timestampSchema,
    started_at: timestampSchema.nullable(),
    finished_at: timestampSchema.nullable(),
  })
  .describe("A people import run as a job: its state and progress, then its report or its error. Kept 7 days.");

export type ImportJob = z.infer<typeof importJobSchema>;
