/** Shapes of /api/interviews, as lib/interviews serializes them. */
import type { Multilingual } from "@/components/forms/form-types";

/** The list shape (GET /api/interviews, GET /api/interviews/:personId). */
export type InterviewSummary = {
  id: string;
  /** The candidate. */
  person_id: string;
  district_id: string;
  /** YYYY-MM-DD */
  date: string;
  board_id: string | null;
  form_id: string | null;
  profile_id: string | null;
  published: 0 | 1;
  created_at: number;
  updated_at: number;
};

/** One attachment of a file field, inside `responses[fieldId]` (keyed by file id). */
export type FileRecord = { name: string; url: string | null; content_type: string; size: number; created_at: number };

/** POST …/files answers with the record plus its id and field. */
export type Attachment = FileRecord & { id: string; field_id: string };

/** A recording; transcript and summary once they exist (a text or a multilingual text). */
export type Recording = {
  name: Multilingual;
  url: string | null;
  transcript?: unknown;
  summary?: unknown;
  created_at?: number;
};

/** The single-interview shape: the list shape plus responses (field id → value) and audio. */
export type Interview = InterviewSummary & {
  responses: Record<string, unknown>;
  audio: Record<string, Recording>;
};

/** Whose view staff preview: `?view=candidate|mentor`. */
export type InterviewView = "candidate" | "mentor";

export type CreateInterviewInput = { date: string; board_id?: string; form_id?: string; profile_id?: string };

export type UpdateInterviewInput = { responses?: Record<string, unknown>; published?: 0 | 1; date?: string };
