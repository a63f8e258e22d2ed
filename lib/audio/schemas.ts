import { z } from "zod";
import { multilingualTextSchema } from "@/lib/forms/schemas";
import { recordingSchema, recordingStepSchema, transcriptSegmentSchema } from "@/lib/interviews/schemas";
import { languageSchema } from "@/lib/people/schemas";
import { safeRecord } from "@/lib/validation/safe-record";
import { text } from "@/lib/validation/text.shared";
import { ID_RULE } from "@/lib/ids/ids.shared";
import { idText } from "@/lib/ids/id-schemas";
import { MAX_CHUNK_NUMBER } from "./chunk-rules";

const recordingId = idText(ID_RULE).describe("The recording session's id, chosen by the client: 1-64 letters, digits, `_` or `-`.");
const id = (what: string) => idText().describe(what);

const target = {
  recordingId,
  personId: id("The candidate's person id (the interview's `person_id`)."),
  interviewId: id("The interview's id."),
};

const readerLanguage = languageSchema.describe(
  "Optional BCP 47 code of a reader's language (e.g. `es`): the result is also translated into it (made once per language, then cached on the recording).",
);
const force = z.boolean().describe("`true` makes it again even when a stored result exists (default: the stored result is returned).");

// ---- Requests ----

/** The fields of POST /api/audio/capture, read from the multipart form by lib/audio/capture-chunk.ts. */
export const captureForm = z.object({
  audio: z.file().describe("The chunk's bytes: WebM audio (`audio/webm`, e.g. `audio/webm;codecs=opus`), at most MAX_CHUNK_BYTES (10 MiB by default)."),
  recordingId: z
    .string()
    .describe(
      "The recording session's id, chosen by the client: 1-64 letters, digits, `_` or `-`. It belongs to the district and the caller who first uses it.",
    ),
  chunkNumber: z
    .string()
    .describe(
      `The chunk's number, an integer from 1 to ${MAX_CHUNK_NUMBER.toLocaleString("en")}: 1 is the recorder's first chunk (it starts the WebM stream).`,
    ),
});

export const finalizeSchema = z.object({
  ...target,
  name: multilingualTextSchema
    .refine((t) => Object.values(t).some((v) => v.trim()), "Name the recording in at least one language.")
    .describe('The recording\'s name, a multilingual text: e.g. {"en": "Interview, part 1"}.'),
});

export const transcribeSchema = z.object({
  url: text()
    .max(2048)
    .describe(
      "Where the audio is: this service's own file URL (`{base_url}/files/…`, e.g. the `url` finalize returned; read from storage, never fetched over HTTP), " +
        "or an `http(s)` URL on a host listed in TRANSCRIBE_URL_HOSTS (no redirects, no private or loopback addresses).",
    ),
  ...target,
  language: readerLanguage.optional(),
  force: force.optional(),
});

export const summarizeSchema = z.object({
  transcript: text()
    .trim()
    .min(1, "Send the transcript to summarize.")
    .max(2_000_000)
    .describe("The text to summarize (usually the `transcript` transcribe returned)."),
  ...target,
  language: readerLanguage.optional(),
  force: force.optional(),
});

export const translateRecordingSchema = z.object({
  ...target,
  language: languageSchema.describe("BCP 47 code of the reader's language (e.g. `es`)."),
});

/** The longest name a rename gives a recording (per language). */
const RECORDING_NAME_MAX = 200;
const recordingName = text().trim().min(1, "Name the recording.").max(RECORDING_NAME_MAX, `A name has at most ${RECORDING_NAME_MAX} characters.`);

export const renameRecordingSchema = z.object({
  name: z
    .union([
      recordingName.describe("The name in the caller's language (a person's `language`; for an API key, the language the name is in now, else `en`)."),
      safeRecord(languageSchema, recordingName)
        .refine((t) => Object.keys(t).length > 0, "Name the recording in at least one language.")
        .describe('The name in each language, e.g. {"en": "Interview, part 1", "es": "Entrevista, parte 1"}.'),
    ])
    .describe(`The recording's new name (1-${RECORDING_NAME_MAX} characters, trimmed): it replaces the name in every language.`),
});

export type FinalizeInput = z.infer<typeof finalizeSchema>;
export type RenameRecordingInput = z.infer<typeof renameRecordingSchema>;
export type TranscribeInput = z.infer<typeof transcribeSchema>;
export type SummarizeInput = z.infer<typeof summarizeSchema>;
export type TranslateRecordingInput = z.infer<typeof translateRecordingSchema>;

// ---- Responses ----

const segmentSchema = transcriptSegmentSchema;

export const captureResponseSchema = z.object({ ok: z.literal(true), chunk: z.int().describe("The chunk number stored.") });

export const finalizeResponseSchema = z.object({
  ok: z.literal(true),
  recordingId: z.string(),
  url: z.string().describe("`{base_url}/files/<district_id>/audio/<person_id>/<recording_id>.webm`: the seekable WebM, served with HTTP Range."),
  duration_ms: z.int().describe("The recording's length in milliseconds."),
});

export const transcribeResponseSchema = z.object({
  ok: z.literal(true),
  transcript: z.string().describe("The transcript in the language(s) spoken."),
  language: z.string().describe('The main language spoken (BCP 47; "und" when none could be told).'),
  segments: z.array(segmentSchema),
  translation: z
    .object({ language: z.string(), transcript: z.string(), segments: z.array(segmentSchema) })
    .optional()
    .describe("With `language`: the transcript in that language. Absent when it is the original's language or no translator covers the pair."),
});

export const summarizeResponseSchema = z.object({
  ok: z.literal(true),
  summary: z.string().describe("The summary, in the transcript's language."),
  language: z.string().describe("The summary's language (BCP 47)."),
  translation: z
    .object({ language: z.string(), summary: z.string() })
    .optional()
    .describe("With `language`: the summary in that language. Absent when it is the summary's language or no translator covers the pair."),
});

export const translateResponseSchema = z.object({
  ok: z.literal(true),
  language: z.string().describe("The language translated into."),
  transcript: z.string().optional().describe("The transcript in that language (absent before transcription)."),
  segments: z.array(segmentSchema).optional().describe("The segments in that language (absent before transcription)."),
  summary: z.string().optional().describe("The summary in that language (absent before summarization)."),
});

export const acceptedResponseSchema = z
  .object({
    ok: z.literal(true),
    recordingId: z.string(),
    status: z.literal("accepted"),
    status_url: z
      .string()
      .describe("`{base_url}/api/audio/recordings/<recordingId>`: each step's state, progress, error and attempts (also in the `Location` header)."),
  })
  .describe("The step is queued (or under way): follow it at `status_url`.");

export const managedRecordingSchema = recordingSchema
  .extend({ id: z.string().describe("The recording's id (its key in the interview's `audio` map)."), interview_id: z.string(), person_id: z.string() })
  .describe("The recording as its interview's `audio` map shows it, with its ids.");

export const recordingStatusSchema = z.object({
  recording_id: z.string(),
  interview_id: z.string().nullable().describe("The interview the recording belongs to once finalize was asked for; null before."),
  person_id: z.string().nullable(),
  finalized: z.union([z.literal(0), z.literal(1)]).describe("1 once the combined file is stored and attached to the interview."),
  url: z.string().nullable().describe("The recording's file URL once finalized."),
  duration_ms: z.int().nullable(),
  steps: z.array(recordingStepSchema).describe("The server-side steps asked for so far, in pipeline order."),
});
