import { z } from "zod";
import { flagSchema } from "@/lib/http/schemas";
import { cursorParam } from "@/lib/http/page-params";
import { commaList } from "@/lib/validation/comma-list";
import { text } from "@/lib/validation/text.shared";

// ---- Limits (docs/api.md "Search") ----

export const MAX_QUERY_CHARS = 200;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Documents of one group that are ranked at most: a word found in more is ranked among the first found. */
export const CANDIDATES_PER_GROUP = 500;

/** The characters around each match in a snippet (the UI renders the text between them as <mark>). */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** What `type=` filters by: groups of results, named in the plural. */
const SEARCH_GROUPS = ["people", "interviews", "recordings", "messages", "files"] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** The `type` of a result. */
const RESULT_TYPES = ["person", "interview", "recording", "message", "file"] as const;

// ---- Request ----

const groupsParam = text()
  .max(200)
  .transform((value, ctx) => {
    const names = commaList(value);
    const unknown = names.filter((n) => !(SEARCH_GROUPS as readonly string[]).includes(n));
    if (!names.length || unknown.length) {
      ctx.addIssue({
        code: "custom",
        message: `Use a comma-separated list of ${SEARCH_GROUPS.join(", ")}${unknown.length ? ` (not ${unknown.join(", ")})` : ""}.`,
      });
      return z.NEVER;
    }
    return new Set(names as SearchGroup[]);
  });

export const searchQuery = z.object({
  q: text().trim().min(1, "Type something to search for.").max(MAX_QUERY_CHARS, `At most ${MAX_QUERY_CHARS} characters.`),
  type: groupsParam.optional(),
  archived: z
    .enum(["1", "0", "true", "false"], { error: "Use 1 or 0." })
    .transform((v) => v === "1" || v === "true")
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, "Use a whole number.")
    .transform(Number)
    .pipe(z.int().min(1, "At least 1.").max(MAX_LIMIT, `At most ${MAX_LIMIT}.`))
    .optional(),
  cursor: cursorParam.optional(),
});

export type SearchQuery = z.infer<typeof searchQuery>;

// ---- Response ----

const id = (what: string) => z.string().describe(what);

export const searchResultSchema = z
  .object({
    type: z
      .enum(RESULT_TYPES)
      .describe(
        "What was found: a person, an interview (one of its answers), a recording (its name, summary or a moment of its transcript), a message, a file.",
      ),
    id: id("The record's id: the person's, the interview's, the recording's, the message's or the file's."),
    title: z
      .string()
      .describe(
        "Plain text: the person's name; \"Interview of <name>, <date>\"; the recording's name; the conversation's other participants; the file's name.",
      ),
    snippet: z
      .string()
      .describe(
        "Plain text around the match, each matched word between U+0002 (start) and U+0003 (end): render the text between them highlighted (e.g. as `<mark>`), and nothing else as markup.",
      ),
    url: z
      .string()
      .describe(
        "The page of this app that shows the hit, e.g. `/people/<id>`, `/interviews/<person_id>/<id>?recording=<recording_id>&t=<at_ms>`, `/messages/<conversation_id>?message=<id>`.",
      ),
    person_id: id("The person the record is about (people, interviews, recordings, files).").optional(),
    interview_id: id("The interview (interviews, recordings, interview attachments).").optional(),
    recording_id: id("The recording (recordings).").optional(),
    at_ms: z.int().describe("Where the matching passage starts on the recording, in milliseconds (transcript hits only).").optional(),
    conversation_id: id("The conversation (messages).").optional(),
    field_id: id("The form field of the matching answer or attachment.").optional(),
    archived: flagSchema.describe("1 for an archived person (people hits only).").optional(),
  })
  .describe("One hit.");

export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z
  .object({
    results: z.array(searchResultSchema).describe("The hits, best first."),
    next_cursor: z.string().nullable().describe("Send it back as `cursor` for the next page; null on the last page."),
  })
  .describe("A page of search results.");
