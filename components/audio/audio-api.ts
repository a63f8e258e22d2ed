"use client";

import { apiFetch } from "@/components/api/api-fetch";
import type {
  captureResponseSchema,
  finalizeResponseSchema,
  summarizeResponseSchema,
  transcribeResponseSchema,
  translateResponseSchema,
} from "@/lib/audio/schemas";
import type { z } from "zod";

/** The browser's calls to /api/audio/* (types are the server's own schemas', imported as types only). */

export type RecordingTarget = { recordingId: string; personId: string; interviewId: string };
export type FinalizeResult = z.infer<typeof finalizeResponseSchema>;
export type TranscribeResult = z.infer<typeof transcribeResponseSchema>;
export type SummarizeResult = z.infer<typeof summarizeResponseSchema>;
export type TranslateResult = z.infer<typeof translateResponseSchema>;

export function sendChunk(recordingId: string, number: number, blob: Blob, signal: AbortSignal) {
  const form = new FormData();
  // Text fields first: the server checks them before it stores a byte.
  form.set("recordingId", recordingId);
  form.set("chunkNumber", String(number));
  form.set("audio", blob, `chunk-${number}.webm`);
  return apiFetch<z.infer<typeof captureResponseSchema>>("/api/audio/capture", { method: "POST", body: form, signal }).then(() => undefined);
}

export const finalizeRecording = (target: RecordingTarget, name: Record<string, string>) =>
  apiFetch<FinalizeResult>("/api/audio/finalize", { method: "POST", body: { ...target, name } });

/** Asks the server to (re)do a step; with `background` it answers at once (Prefer: respond-async) and the page follows the step live. */
const stepRequest = (body: Record<string, unknown>, background: boolean) => ({
  method: "POST" as const,
  body,
  ...(background ? { headers: { prefer: "respond-async" } } : {}),
});

export const transcribeRecording = (target: RecordingTarget, url: string, language: string, force = false, background = false) =>
  apiFetch<TranscribeResult>(
    "/api/audio/transcribe",
    stepRequest({ ...target, url, ...(language ? { language } : {}), ...(force ? { force } : {}) }, background),
  );

export const summarizeRecording = (target: RecordingTarget, transcript: string, language: string, force = false, background = false) =>
  apiFetch<SummarizeResult>(
    "/api/audio/summarize",
    stepRequest({ ...target, transcript, ...(language ? { language } : {}), ...(force ? { force } : {}) }, background),
  );

export const translateRecording = (target: RecordingTarget, language: string) =>
  apiFetch<TranslateResult>("/api/audio/translate", { method: "POST", body: { ...target, language } });
