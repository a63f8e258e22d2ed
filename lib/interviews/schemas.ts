import { z } from "zod";
import { cursorParam, limitParam } from "@/lib/http/page-params";
import { flagSchema, multilingualTextResponseSchema, timestampSchema } from "@/lib/http/schemas";
import { idSchema } from "@/lib/ids/id-schemas";
import { safeRecord } from "@/lib/validation/safe-record";
import { text } from "@/lib/validation/text.shared";
import { isCalendarDate } from "./calendar-date";

const dateSchema = text().refine(isCalendarDate, "Use a real calendar date in the format YYYY-MM-DD.");

/** When and where an interview is held (lib/calendar/ sends the invitations); `null` clears one on update. */
const scheduleFields = {
  starts_at: z.int({ error: "Use milliseconds since the epoch." }).min(0).max(8_640_000_000_000_000).nullable().optional(),
  duration_minutes: z.int({ error: "Use whole minutes, 1 to 1440." }).min(1).max(1440).nullable().optional(),
  location: text().trim().max(500).nullable().optional(),
  meeting_url: text()
    .trim()
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s/?#]+/i.test(v) && URL.canParse(v), "Use an http or https address.")
    .nullable()
    .optional(),
};

export const createInterviewSchema = z.object({
  date: dateSchema,
  board_id: idSchema.optional(),
  form_id: idSchema.optional(),
  profile_id: idSchema.optional(),
  ...scheduleFields,
});

/** A recommendation as sent: a board member's on their scorecard, or the board's decision. */
export const recommendationInputSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: "Use 1 (strong no), 2 (no), 3 (yes) or 4 (strong yes).",
});

export const updateInterviewSchema = z.object({
  /** field id -> value; only the fields sent change, `null` clears one. Checked against the form (scorecard fields are refused). */
  responses: safeRecord(text().max(64), z.unknown()).optional(),
  /** 1 publishes; 0 takes the interview back from the candidate and the mentor. */
  published: z.union([z.literal(0), z.literal(1)], { error: "Use 0 or 1." }).optional(),
  date: dateSchema.optional(),
  /** The board's decision, stored with the tally of the submitted scorecards at that moment; null clears it. */
  recommendation: recommendationInputSchema.nullable().optional(),
  ...scheduleFields,
});

const flagParam = z.enum(["0", "1"], { error: "Use 0 or 1." }).transform((v) => v === "1");

/**
 * Filters of GET /api/interviews, all optional and combined with AND:
 * `person_id`, `board_id`, `published` (0|1), `from` / `to` (YYYY-MM-DD, inclusive).
 */
export const listInterviewsQuery = z.object({
  person_id: idSchema.optional(),
  board_id: z.union([z.literal("none"), idSchema], { error: "Use a board id, or none." }).optional(),
  published: flagParam.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
  q: text().max(200).optional(),
  limit: limitParam.optional(),
  cursor: cursorParam.optional(),
});

/**
 * `view=candidate` or `view=mentor` on GET …/:personId/:id: staff preview the interview as
 * that reader gets it (private fields removed by the same code). Readers who are not staff
 * always get their own view, whatever they ask for.
 */
export const getInterviewQuery = z.object({ view: z.enum(["candidate", "mentor"], { error: "Use candidate or mentor." }).optional() });

export type CreateInterviewInput = z.infer<typeof createInterviewSchema>;
export type UpdateInterviewInput = z.infer<typeof updateInterviewSchema>;
export type ListInterviewsQuery = z.infer<typeof listInterviewsQuery>;
export type GetInterviewQuery = z.infer<typeof getInterviewQuery>;

// ---- Responses ----

/** A file record inside a file field's answer (lib/interviews/file-record.ts `serializeFileRecord`). */
export const fileRecordSchema = z
  .object({
    name: z.string().describe("Display name."),
    url: z
      .string()
      .nullable()
      .describe("Where to fetch the file ({base_url}/files/…, with the same Authorization). null only if the stored record lost its storage key."),
    content_type: z.string(),
    size: z.int().describe("Bytes."),
    created_at: timestampSchema,
  })
  .describe("A file attached to an interview, inside the answer of a file field (keyed by file id).");

/** The response of an attachment upload (`serializeAttachment`): the record plus its id and field. */
export const interviewAttachmentSchema = fileRecordSchema
  .extend({
    id: z.string().describe("The file id: its key inside `responses[field_id]`."),
    field_id: z.string().describe("The file field of the interview's form this file answers."),
  })
  .describe("An uploaded interview attachment.");

/** An answer in `responses`, by the type of its form field. */
export const responseValueSchema = z
  .union([
    z.int().describe("dropdown: the 1-based index of the chosen option; checkbox: 0 or 1."),
    multilingualTextResponseSchema,
    z.record(z.string(), fileRecordSchema).describe("file: the attached files, keyed by file id."),
  ])
  .describe("The answer to one form field: an integer (dropdown index, checkbox 0/1), a multilingual text (text), or file records keyed by file id (file).");

/** A stretch of a transcript (a row of transcript_segments). */
export const transcriptSegmentSchema = z
  .object({
    start: z.number().describe("Seconds from the start of the recording."),
    end: z.number().describe("Seconds from the start of the recording."),
    language: z.string().describe('BCP 47 code of the language spoken in it ("und" when unknown).'),
    text: z.string(),
  })
  .describe("A stretch of the transcript on the recording's timeline.");

/** How one server-side step of a recording stands (lib/audio/pipeline: status URL, `audio` map and realtime event alike). */
export const recordingStepSchema = z
  .object({
    step: z
      .enum(["finalize", "transcribe", "summarize", "translate"])
      .describe("The step: finalize → transcribe → summarize → translate, each queued by the one before."),
    state: z
      .enum(["queued", "running", "done", "failed", "skipped"])
      .describe(
        "`queued` (waiting for a worker, or for a retry after an error, see `error`), `running`, `done`, `failed` (for good: an admin may retry it), `skipped` (nothing to do, see `error`).",
      ),
    progress: z
      .object({
        done: z.int(),
        total: z.int(),
        unit: z.string().describe('What is counted: "chunks" (finalize), "ms" of audio (transcribe), "languages" (translate); "" before it starts.'),
      })
      .describe("How far the step has come."),
    attempts: z.int().describe("Runs started so far."),
    error: z.string().nullable().describe("Why the last run failed, or why the step was skipped; null otherwise."),
    updated_at: timestampSchema,
  })
  .describe("One step of a recording's server-side pipeline.");

/** A recording record, the value inside `audio` (lib/audio/recording-map.ts). */
export const recordingSchema = z
  .object({
    name: multilingualTextResponseSchema,
    url: z
      .string()
      .nullable()
      .describe(
        "`{base_url}/files/<district_id>/audio/<person_id>/<recording_id>.webm`: the seekable WebM (HTTP Range supported), or null if the record has no location.",
      ),
    transcript: multilingualTextResponseSchema
      .optional()
      .describe("Present after transcription: the text under the main language spoken (`language`), plus cached translations under other languages."),
    summary: multilingualTextResponseSchema
      .optional()
      .describe("Present after summarization: the summary under its language (`summary_language`), plus cached translations."),
    created_at: timestampSchema.optional(),
    content_type: z.string().optional().describe("`audio/webm`."),
    size: z.int().optional().describe("Bytes of the combined file."),
    duration_ms: z.int().optional().describe("Length in milliseconds."),
    language: z.string().optional().describe('After transcription: the main language spoken (BCP 47; "und" when none could be told).'),
    segments: z.array(transcriptSegmentSchema).optional().describe("After transcription: the transcript in timed stretches, each with its language."),
    segment_translations: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Cached translations of `segments`: language -> the texts, index for index."),
    summary_language: z.string().optional().describe("After summarization: the language of the original summary."),
    transcribed_at: timestampSchema.optional(),
    summarized_at: timestampSchema.optional(),
    steps: z.array(recordingStepSchema).optional().describe("The server-side steps after the recording: how far each has come."),
  })
  .describe("An audio recording of the interview.");

/** The list shape (lib/interviews/serialize-interview.ts `serializeInterviewSummary`). */
export const interviewSummarySchema = z
  .object({
    id: z.string(),
    person_id: z.string().describe("The candidate."),
    district_id: z.string(),
    date: z.string().describe("YYYY-MM-DD."),
    board_id: z.string().nullable().describe("The board conducting the interview, or null."),
    form_id: z.string().nullable().describe("The interview form used, or null."),
    profile_id: z.string().nullable().describe("The interview profile used, or null."),
    published: flagSchema.describe("0 at creation; 1 makes the interview visible to the candidate and their mentors."),
    starts_at: timestampSchema
      .nullable()
      .describe("When it starts (milliseconds since the epoch), or null while it has no time. `date` stays as set: the contract's day."),
    starts_at_local: z
      .string()
      .nullable()
      .describe("`starts_at` in the district's time zone (`time_zone`), ISO 8601 with its offset (2026-12-01T10:00:00+01:00), or null."),
    time_zone: z.string().describe("The district's time zone (IANA name): what pages show times in."),
    duration_minutes: z.int().nullable().describe("How long it lasts, 1 to 1440 minutes; null: 60 minutes in invitations."),
    location: z.string().nullable().describe("Where it is held (up to 500 characters), or null."),
    meeting_url: z.string().nullable().describe("The online meeting's http(s) address, or null."),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .describe("An interview in list results: without `responses` and `audio`.");

export const recommendationSchema = z.int().min(1).max(4).describe("1 = strong no, 2 = no, 3 = yes, 4 = strong yes.");

/** The tally of submitted scorecards' recommendations: how many of each, every key present. */
const tallySchema = z
  .object({ "1": z.int(), "2": z.int(), "3": z.int(), "4": z.int() })
  .describe('How many submitted scorecards recommend each value: {"1": strong no, "2": no, "3": yes, "4": strong yes}.');

/** The single-interview shape (`serializeInterview`): the list shape plus `responses` and `audio`. */
export const interviewSchema = interviewSummarySchema
  .extend({
    responses: z
      .record(z.string(), responseValueSchema)
      .describe(
        "Form field id -> answer. `{}` at creation. Without the private fields' answers for candidates and mentors (and for `view=candidate|mentor`). Never the scorecard fields (`scorecard: 1`): those are answered on each board member's scorecard.",
      ),
    audio: z.record(z.string(), recordingSchema).describe("Recording id -> recording. `{}` at creation."),
    recommendation: recommendationSchema.nullable().describe("The board's decision, set by an interview editor; null until set."),
    recommendation_tally: tallySchema
      .nullable()
      .describe(
        "The submitted scorecards' recommendations when the decision was set. Only for those who may read every submitted scorecard (admins, API keys, members of the interview's board who submitted their own); null for everyone else, in webhook events, and while no decision is set.",
      ),
    recommendation_by: z.string().nullable().describe("The person who set the decision (null when set with an API key, or not set)."),
    recommendation_at: timestampSchema.nullable().describe("When the decision was set, or null."),
  })
  .describe("A full interview, with its answers and recordings.");

export type FileRecord = z.infer<typeof fileRecordSchema>;
export type InterviewAttachment = z.infer<typeof interviewAttachmentSchema>;
export type Recording = z.infer<typeof recordingSchema>;
export type InterviewSummary = z.infer<typeof interviewSummarySchema>;
export type Interview = z.infer<typeof interviewSchema>;
export type Tally = z.infer<typeof tallySchema>;
