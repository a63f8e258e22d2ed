import {
  acceptedResponseSchema,
  captureForm,
  captureResponseSchema,
  finalizeResponseSchema,
  finalizeSchema,
  managedRecordingSchema,
  recordingStatusSchema,
  renameRecordingSchema,
  summarizeResponseSchema,
  summarizeSchema,
  transcribeResponseSchema,
  transcribeSchema,
  translateRecordingSchema,
  translateResponseSchema,
} from "@/lib/audio/schemas";
import { okSchema } from "@/lib/http/schemas";
import type { Endpoints } from "./operation";

const WHO =
  "Who may record: API keys with `write:interviews`; people with the `interviews:edit` permission; a candidate on their own interview once it is published (visible to them). " +
  "An interview the caller cannot see is 404; one they see but may not record (a mentor's) is 403.";

const EDITORS =
  "For whoever may edit the recording's interview: people with the `interviews:edit` permission, and API keys with `write:interviews`. " +
  "A recording of an interview the caller cannot see is 404; one they see but may not edit is 403.";

const AI =
  "AI engines (docs/audio.md): an OpenAI-compatible service when OPENAI_API_KEY or OPENAI_BASE_URL is set; otherwise pocketsphinx (English speech-to-text) if installed, " +
  "an extractive summary, and apertium for installed language pairs. 503 `ai_unavailable` when no engine can do it.";

const JOBS =
  'The work runs on the server as a durable job (docs/architecture.md, "How a job flows"): a worker does it, and each step queues the next (finalize → transcribe → summarize → translate). ' +
  "The request waits for the result and answers as the contract says; with the header `Prefer: respond-async` (RFC 7240) it answers `202` at once, " +
  "with the status URL in `Location` (`Preference-Applied: respond-async`). A request that has waited 30 minutes also answers `202`. " +
  "Asking again while the step is queued or running joins it: the work is done once.";

const ACCEPTED = { 202: { description: "Accepted (Prefer: respond-async, or a wait over 30 minutes): follow `status_url`.", schema: acceptedResponseSchema } };

/** The audio endpoints of the contract (POST /api/audio/*), plus reader translations and the steps' status. */
export const audioEndpoints = {
  captureAudioChunk: {
    method: "POST",
    path: "/api/audio/capture",
    scope: "write:interviews",
    tag: "Audio",
    summary: "Upload a chunk of a recording",
    description:
      "One chunk of a recording session, as MediaRecorder produces them with a timeslice (e.g. every second). " +
      "The first use of a `recordingId` binds it to the district and the caller (person or API key); anyone else using it gets 404. " +
      "Chunks may arrive in any order; re-sending a number replaces that chunk. Chunks are kept until finalize, or removed after CHUNK_TTL_HOURS (48 h by default) without a new chunk. " +
      `Once finalize has begun, the recording takes no more chunks (409). ${WHO} A caller who is not an editor needs an interview of their own that they can see.`,
    multipart: captureForm,
    response: { description: "Stored.", schema: captureResponseSchema },
    errors: {
      400: "`validation_error`: `recordingId` not 1-64 of `[A-Za-z0-9_-]`, `chunkNumber` not an integer from 1 to 100,000, no `audio` part or an empty one, or a malformed body.",
      404: "`not_found`: the `recordingId` belongs to another caller or district.",
      409: "`conflict`: the recording is finalized or being finalized.",
      413: "`payload_too_large`: the chunk is larger than MAX_CHUNK_BYTES (10 MiB by default).",
      415: "`unsupported_media_type`: the body is not multipart, or the chunk is not WebM audio (`audio/webm`; Safari's MP4/AAC is not accepted).",
    },
  },
  finalizeAudioRecording: {
    method: "POST",
    path: "/api/audio/finalize",
    scope: "write:interviews",
    body: finalizeSchema,
    tag: "Audio",
    summary: "Combine the chunks into the interview's recording",
    description:
      "Combines chunks 1..N of `recordingId`, streamed in order, into one seekable WebM (audio copied, not re-encoded; duration and cues written), " +
      "stores it at `{base_url}/files/<district_id>/audio/<person_id>/<recording_id>.webm` and adds the recording to the interview's `audio` map under `recordingId`. " +
      "The chunks are deleted (by a job) only after the file and the interview are both saved. Finalizing again answers the same; " +
      `a worker stopped mid-way loses nothing: another one runs the step again. Transcription, summary and translations follow by themselves. ${JOBS} ${WHO}`,
    response: { description: "The recording, attached to the interview.", schema: finalizeResponseSchema },
    otherResponses: ACCEPTED,
    errors: {
      400: "`validation_error`: the body is not valid, or the chunks do not form a WebM recording (chunk 1 must start the stream).",
      404: "`not_found`: the interview is not one the caller can see, or the `recordingId` is unknown or another caller's.",
      409: "`conflict`: chunks are missing (the message and `details` name them: `chunks.<n>`), there are none, or the recording was finalized for another interview.",
    },
  },
  transcribeAudioRecording: {
    method: "POST",
    path: "/api/audio/transcribe",
    scope: "write:interviews",
    body: transcribeSchema,
    tag: "Audio",
    summary: "Transcribe a recording",
    description:
      "Speech-to-text of the audio at `url`, stored on the interview's recording `recordingId` (which finalize created): `transcript` (under the main language spoken), " +
      "`language` and timed `segments`, each with its language (detected per piece: a recording may change language). Long recordings are cut at silences so that " +
      "each request to the engine stays under TRANSCRIBE_MAX_BYTES. Idempotent: the stored transcript is returned unless `force: true`. " +
      "`url`: this service's own file URL is read from storage, never fetched; another host must be on TRANSCRIBE_URL_HOSTS, and even then redirects and private, " +
      `loopback or link-local addresses are refused (400). The pipeline transcribes each finalized recording by itself: this returns that transcript. ${JOBS} ${AI} ${WHO}`,
    response: { description: "The transcript (stored).", schema: transcribeResponseSchema },
    otherResponses: ACCEPTED,
    errors: {
      400: "`validation_error`: the body is not valid, or `url` cannot be used (another host not on TRANSCRIBE_URL_HOSTS, not http(s), a private address, a redirect, a failed download).",
      404: "`not_found`: the interview, the recording or the file at `url` is not one the caller can see.",
      503: "`ai_unavailable`: no speech-to-text engine is configured or installed, or the engine failed (the message says which and how to set one up).",
    },
  },
  summarizeAudioRecording: {
    method: "POST",
    path: "/api/audio/summarize",
    scope: "write:interviews",
    body: summarizeSchema,
    tag: "Audio",
    summary: "Summarize a transcript",
    description:
      "A summary of `transcript` in its own language, stored on the interview's recording `recordingId`. Idempotent: the stored summary (the pipeline makes one " +
      `after transcribing) is returned unless \`force: true\`. ${JOBS} ${AI} ${WHO}`,
    response: { description: "The summary (stored).", schema: summarizeResponseSchema },
    otherResponses: ACCEPTED,
    errors: { 404: "`not_found`: the interview or the recording is not one the caller can see." },
  },
  translateAudioRecording: {
    method: "POST",
    path: "/api/audio/translate",
    scope: "read:interviews",
    body: translateRecordingSchema,
    tag: "Audio",
    summary: "A recording's transcript and summary in a reader's language",
    description:
      "The transcript (text and timed segments) and the summary of the interview's recording `recordingId` in `language`, translated once per language and cached on the " +
      "recording (`transcript[language]`, `segment_translations[language]`, `summary[language]`). Segments already in that language stay as spoken. " +
      "For anyone who may see the interview. 503 `ai_unavailable` when no translator covers the pair.",
    response: { description: "What exists of the transcript and summary, in `language`.", schema: translateResponseSchema },
    errors: {
      404: "`not_found`: the interview or the recording is not one the caller can see.",
      503: "`ai_unavailable`: no translator covers the pair (set OPENAI_API_KEY, or install an apertium pair).",
    },
  },
  getAudioRecordingStatus: {
    method: "GET",
    path: "/api/audio/recordings/{recordingId}",
    scope: "read:interviews",
    tag: "Audio",
    summary: "How a recording's server-side steps stand",
    description:
      "The status URL of finalize, transcribe and summarize: each step (finalize, transcribe, summarize, translate) with its state, progress (`chunks`, `ms` of audio, " +
      "`languages`), last error and attempts. The interview page shows the same, live: every change is also sent as the realtime event `recording-step` on " +
      "`private-interview-<interviewId>`. For whoever may see the recording's interview; before finalize, for the caller who records it.",
    pathParams: { recordingId: "The recording's id (the client's `recordingId`)." },
    response: { description: "The recording and its steps.", schema: recordingStatusSchema },
    errors: { 404: "`not_found`: the recording is unknown, another district's, or of an interview the caller cannot see." },
  },
  renameAudioRecording: {
    method: "PATCH",
    path: "/api/audio/recordings/{recordingId}",
    scope: "write:interviews",
    body: renameRecordingSchema,
    tag: "Audio",
    summary: "Rename a recording",
    description:
      "Gives a saved recording a new name. A string is the name in the caller's language (a person's `language`; for an API key, the language the name is in now, " +
      "else `en`), as the recorder names a recording at finalize; an object gives it per language. Either replaces the name in every language. " +
      "Open interview pages hear the realtime event `recording-changed` (`{ recording_id, name }`) on `private-interview-<interviewId>`. " +
      `${EDITORS}`,
    pathParams: { recordingId: "The recording's id (its key in the interview's `audio` map)." },
    response: { description: "The renamed recording, as the interview's `audio` map shows it, with its ids.", schema: managedRecordingSchema },
    errors: {
      400: "`validation_error`: `name` is missing, empty after trimming, longer than 200 characters, or holds a NUL or an unpaired surrogate.",
      403: "`forbidden`: the caller sees the recording's interview but may not edit it (or an API key without `write:interviews`).",
      404: "`not_found`: the recording is unknown, another district's, or of an interview the caller cannot see.",
      409: "`conflict`: the recording is not saved yet (finalize has not finished).",
    },
  },
  deleteAudioRecording: {
    method: "DELETE",
    path: "/api/audio/recordings/{recordingId}",
    scope: "write:interviews",
    tag: "Audio",
    summary: "Delete a recording",
    description:
      "Deletes a saved recording for good: its file and any chunks left, its transcript, timed segments, summary, their translations, its steps and its search entries. " +
      "Steps of its pipeline still queued or running write nothing. The audit trail keeps its rows. Sends the webhook event `recording.deleted`, and the realtime event " +
      "`recording-changed` (`{ recording_id, deleted: 1 }`) on `private-interview-<interviewId>`. " +
      `${EDITORS}`,
    pathParams: { recordingId: "The recording's id (its key in the interview's `audio` map)." },
    response: { description: "Deleted.", schema: okSchema },
    errors: {
      403: "`forbidden`: the caller sees the recording's interview but may not edit it (or an API key without `write:interviews`).",
      404: "`not_found`: the recording is unknown (or already deleted), another district's, or of an interview the caller cannot see.",
      409: "`conflict`: the recording is not saved yet (finalize has not finished).",
    },
  },
} satisfies Endpoints;
