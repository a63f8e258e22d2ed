import type { Interview } from "@/components/interviews/interview-types";

/**
 * Where the recordings card keeps the interview it shows, and how it asks for a fresh copy. Staff
 * pages keep it in the tab's query cache (components/interviews/use-query-recordings-source.ts); a
 * candidate's server-rendered page keeps it in its one island's state
 * (components/interviews/candidate-recordings.tsx), so that page loads no react-query.
 */
export type RecordingsSource = {
  /** The interview as shown now, if any. */
  current: () => Interview | undefined;
  /** Changes the shown interview in place (a step's progress, a rename heard from elsewhere). */
  update: (change: (interview: Interview) => Interview) => void;
  /** Fetches the interview again: a step ended, a recording was saved or changed here. */
  refresh: () => void;
};
