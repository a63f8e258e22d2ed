import { CANDIDATES_PER_GROUP, DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_CHARS, searchQuery, searchResponseSchema } from "@/lib/search/schemas";
import type { Endpoints } from "./operation";

export const searchEndpoints = {
  search: {
    method: "GET",
    path: "/api/search",
    scope: "read:people",
    query: searchQuery,
    tag: "Search",
    summary: "Search everything",
    description:
      "One search over what the caller may read: people (names, e-mails, tag names; a name also by prefix and despite a typo), interview answers (every language of a multilingual answer), " +
      "recordings (names, summaries) and their transcripts (a hit is a moment: `recording_id` and `at_ms`, and `url` opens the recording there), messages (the original, and the caller's translation of it; `conversation_id`), " +
      "and file names. Words are matched in the text's own language (English, Spanish, French and Portuguese words by their stems, other languages as written); " +
      '`"quoted words"` match as a phrase, `or` between words matches either, and `-word` excludes a word. ' +
      "People come first, then the rest by relevance; one hit per person, interview field, recording, transcript passage, message or file.\n\n" +
      "Every visibility rule of the endpoints that show the records applies, at the moment of the search: another district's records are never found; archived people only with `archived=1`; " +
      "a mentor finds themself, their candidates and those candidates' published interviews; a candidate themself and their own published interviews; private form fields (`p: 1`) and their attachments " +
      "only for those who may read them (admins, board members, interview editors); messages only of the conversations the caller takes part in (up to their leaving, for one who left), " +
      "and translations only into the caller's own language. An API key needs `read:people`; it finds people and their files, and interview material (answers, recordings, attachments) only when it also holds `read:interviews`. " +
      "Messages are found by sessions only.\n\n" +
      "In `snippet`, each matched word is between the characters U+0002 (start) and U+0003 (end): split on them and show the parts between as highlighted (`<mark>`); the rest is plain text. " +
      `A word found in more than ${CANDIDATES_PER_GROUP.toLocaleString("en")} documents of one kind is ranked among the first ${CANDIDATES_PER_GROUP.toLocaleString("en")} found.`,
    queryDocs: {
      q: { description: `The words to search for, 1 to ${MAX_QUERY_CHARS} characters after trimming.`, example: "entrevista" },
      type: {
        description: "Only these groups, comma-separated: `people`, `interviews`, `recordings`, `messages`, `files`. Default: all.",
        example: "people,interviews",
      },
      archived: { description: "`1` also finds archived people (and their files); by default they are left out.", example: "1" },
      limit: { description: `Results per page, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}).`, example: String(DEFAULT_LIMIT) },
      cursor: { description: "The `next_cursor` of the page before, for the next page." },
    },
    response: { description: "The hits, best first, and the cursor of the next page.", schema: searchResponseSchema },
  },
} satisfies Endpoints;
