/** A stretch of speech. Times in seconds from the start of the audio, as whisper gives them. */
export type TranscriptSegment = { start: number; end: number; text: string; language?: string };

export type SpeechProviderName = "openai" | "pocketsphinx";

/** What one speech-to-text request returns. `language` is a BCP 47 primary subtag, when known. */
export type Transcript = {
  text: string;
  language: string | undefined;
  segments: TranscriptSegment[];
  provider: SpeechProviderName;
};
