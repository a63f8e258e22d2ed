export type AiCallKind = "transcribe" | "summarize" | "translate";

// Requests made to providers (HTTP requests or engine processes) since the process started,
// so that callers can check their caching ("translated once per language").
const counts: Record<AiCallKind, number> = { transcribe: 0, summarize: 0, translate: 0 };

export function countAiCall(kind: AiCallKind) {
  counts[kind]++;
}

/** A copy of the counters: compare two readings to see how many provider requests were made. */
export function aiCallCounts(): Record<AiCallKind, number> {
  return { ...counts };
}
