/** TanStack Query keys of the audio feature. */
export const audioKeys = {
  all: ["audio"] as const,
  /** A recording's transcript and summary in a reader's language (POST /api/audio/translate), per version of them. */
  translation: (recordingId: string, language: string, transcribedAt: number, summarizedAt: number) =>
    [...audioKeys.all, "translation", recordingId, language, transcribedAt, summarizedAt] as const,
};
