import type { SearchResult } from "./schemas";

/** A row of the search statement (lib/search/search-everything.ts): the winning document of a hit, and what its title needs. */
export type HitRow = {
  kind: string;
  sourceId: string;
  personId: string | null;
  interviewId: string | null;
  recordingId: string | null;
  conversationId: string | null;
  fieldId: string | null;
  atMs: number | null;
  score: number;
  key: string;
  body: string;
  snippet: string;
  person: { first: string; last: string; archived: boolean } | null;
  interviewDate: string | null;
  recordingName: string | null;
  conversationTitle: string | null;
};

const seg = encodeURIComponent;

const nameOf = (row: HitRow) => (row.person ? `${row.person.first} ${row.person.last}`.trim() : "");

/** The page of the interview a hit belongs to. */
const interviewUrl = (row: HitRow) => `/interviews/${seg(row.personId ?? "")}/${seg(row.interviewId ?? "")}`;

/** The result of the API for one row: its type, title, the page that shows it, and the ids a client needs. */
export function resultOf(row: HitRow): SearchResult {
  const snippet = row.snippet;
  switch (row.kind) {
    case "person":
      return {
        type: "person",
        id: row.sourceId,
        title: nameOf(row),
        snippet,
        url: `/people/${seg(row.sourceId)}`,
        person_id: row.sourceId,
        archived: row.person?.archived ? 1 : 0,
      };
    case "answer":
      return {
        type: "interview",
        id: row.interviewId!,
        title: `Interview of ${nameOf(row)}, ${row.interviewDate ?? ""}`,
        snippet,
        url: interviewUrl(row),
        person_id: row.personId!,
        interview_id: row.interviewId!,
        field_id: row.fieldId!,
      };
    case "recording":
    case "transcript": {
      const moment = row.kind === "transcript" && row.atMs !== null;
      return {
        type: "recording",
        id: row.recordingId!,
        title: row.recordingName || `Recording of ${nameOf(row)}, ${row.interviewDate ?? ""}`,
        snippet,
        url: `${interviewUrl(row)}?recording=${seg(row.recordingId!)}${moment ? `&t=${row.atMs}` : ""}`,
        person_id: row.personId!,
        interview_id: row.interviewId!,
        recording_id: row.recordingId!,
        ...(moment ? { at_ms: row.atMs! } : {}),
      };
    }
    case "message":
    case "translation":
      return {
        type: "message",
        id: row.sourceId,
        title: row.conversationTitle || "Conversation",
        snippet,
        url: `/messages/${seg(row.conversationId!)}?message=${seg(row.sourceId)}`,
        conversation_id: row.conversationId!,
      };
    case "person_file":
      return { type: "file", id: row.sourceId, title: row.body, snippet, url: `/people/${seg(row.personId!)}`, person_id: row.personId! };
    case "interview_file":
      return {
        type: "file",
        id: row.sourceId,
        title: row.body,
        snippet,
        url: interviewUrl(row),
        person_id: row.personId!,
        interview_id: row.interviewId!,
        field_id: row.fieldId!,
      };
    default:
      throw new Error(`unknown search document kind: ${row.kind}`);
  }
}
