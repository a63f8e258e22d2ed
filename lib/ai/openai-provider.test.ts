import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { audioDurationMs } from "@/lib/media/duration";
import { runFfmpeg } from "@/lib/media/ffmpeg";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { startOpenAiServer, type OpenAiServer } from "@/tests/helpers/openai-server";
import { aiCallCounts } from "./call-counts";
import { summarize, transcribe, translator } from "./providers";
import { transcribeAudioFile } from "./transcribe-audio-file";

const ENGLISH = "We talked about the training plan for the new volunteers and the schedule for next month.";
const SPANISH =
  "Hablamos del plan de formación para los nuevos voluntarios y del calendario del próximo mes. " +
  "La coordinadora explicó que las reuniones serán los martes por la tarde en la oficina del distrito.";

let server: OpenAiServer;
let dir: string;
let short: string;
let tones: string;

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function useServer(target: { url: string; apiKey: string }, extra: Record<string, string> = {}) {
  process.env.OPENAI_BASE_URL = target.url;
  process.env.OPENAI_API_KEY = target.apiKey;
  Object.assign(process.env, extra);
  resetEnvCache();
}

beforeAll(async () => {
  server = await startOpenAiServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-openai-test-"));
  short = path.join(dir, "short.webm");
  tones = path.join(dir, "tones.wav");
  await Promise.all([
    runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "sine=duration=3", "-c:a", "libopus", "-f", "webm", short]),
    // 40 s, 4 s of tone then 1 s of silence, as 48 kHz stereo WAV: 7.7 MB.
    runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "aevalsrc='if(lt(mod(t,5),4),0.5*sin(2*PI*440*t),0)':s=48000:d=40", "-ac", "2", tones]),
  ]);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  useServer(server);
  server.answerTranscriptions(() => ({ text: ENGLISH, language: "english", duration: 3, segments: [{ start: 0, end: 2.5, text: ENGLISH }] }));
});

afterEach(() => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "TRANSCRIBE_MAX_BYTES", "OPENAI_TRANSCRIBE_MODEL"]) delete process.env[name];
  resetEnvCache();
});

describe("speech-to-text through the OpenAI SDK", () => {
  it("asks for verbose_json and maps text, segments and whisper's language name", async () => {
    const before = server.calls.transcriptions;
    const result = await transcribe(short);
    expect(result).toEqual({ text: ENGLISH, language: "en", segments: [{ start: 0, end: 2.5, text: ENGLISH }], provider: "openai" });
    expect(server.calls.transcriptions).toBe(before + 1);
    expect(server.transcriptionRequests.at(-1)).toMatchObject({ model: "whisper-1", responseFormat: "verbose_json", fileName: "short.webm" });
    expect(server.transcriptionRequests.at(-1)!.file).toEqual(fs.readFileSync(short));
  });

  it.each([
    ["spanish", "es"],
    ["Haitian Creole", "ht"],
    ["en", "en"],
    ["pt-BR", "pt"],
    ["klingon", undefined],
  ])("normalises the reported language %j to %j", async (reported, expected) => {
    server.answerTranscriptions(() => ({ text: "Hola.", language: reported, duration: 1 }));
    expect((await transcribe(short)).language).toBe(expected);
  });

  it("uses OPENAI_TRANSCRIBE_MODEL and makes one segment of a text without segments", async () => {
    useServer(server, { OPENAI_TRANSCRIBE_MODEL: "Systran/faster-whisper-small" });
    server.answerTranscriptions(() => ({ text: "Solo texto.", language: "es", duration: 2.25, segments: [] }));
    const result = await transcribe(short);
    expect(result.segments).toEqual([{ start: 0, end: 2.25, text: "Solo texto." }]);
    expect(server.transcriptionRequests.at(-1)!.model).toBe("Systran/faster-whisper-small");
  });

  it("reports a refused key as ai_unavailable with the provider's words", async () => {
    useServer({ url: server.url, apiKey: "sk-wrong" });
    const error = await rejection(transcribe(short));
    expect(error.code).toBe("ai_unavailable");
    expect(error.message).toMatch(/401.*Incorrect API key/);
  });

  it("gets OpenAI's 413 for a file above 25 MiB, which transcribeAudioFile avoids by splitting", async () => {
    const big = path.join(dir, "big.wav");
    await runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "sine=frequency=300:duration=143", "-ac", "2", "-ar", "48000", big]);
    expect(fs.statSync(big).size).toBeGreaterThan(26 * 1024 * 1024);

    const error = await rejection(transcribe(big));
    expect(error.code).toBe("ai_unavailable");
    expect(error.message).toMatch(/413 Maximum content size limit \(26214400\) exceeded/);

    const requests = server.transcriptionRequests.length;
    const result = await transcribeAudioFile(big);
    expect(result.language).toBe("en");
    const sent = server.transcriptionRequests.slice(requests);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.bodyBytes).toBeLessThan(24 * 1024 * 1024);
    fs.rmSync(big);
  });

  it("keeps every request under TRANSCRIBE_MAX_BYTES, joins the pieces in order and finds the language per piece", async () => {
    const maxBytes = 48 * 1024;
    useServer(server, { TRANSCRIBE_MAX_BYTES: String(maxBytes) });
    const first = server.transcriptionRequests.length;
    // The first piece is English, the others Spanish; each answer's segment spans the piece.
    server.answerTranscriptions(async (request, index) => {
      const piece = path.join(dir, `received-${index}.webm`);
      fs.writeFileSync(piece, request.file);
      const seconds = (await audioDurationMs(piece)) / 1000;
      const english = index === first;
      const text = english ? ENGLISH : SPANISH;
      return { text, language: english ? "english" : "spanish", duration: seconds, segments: [{ start: 0.25, end: seconds - 0.25, text }] };
    });

    const result = await transcribeAudioFile(tones);
    const sent = server.transcriptionRequests.slice(first);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(result.pieces).toHaveLength(sent.length);
    for (const request of sent) {
      expect(request.file.length).toBeLessThanOrEqual(maxBytes);
      expect(request.fileName).toMatch(/\.webm$/);
    }
    expect(result.pieces.map((p) => p.language)).toEqual(["en", ...sent.slice(1).map(() => "es")]);
    expect(result.language).toBe("es");
    // Segments sit on the recording's timeline, in order, each inside its piece.
    result.segments.forEach((segment, i) => {
      const piece = result.pieces[i];
      expect(segment.start).toBeCloseTo(piece.startMs / 1000 + 0.25, 2);
      expect(segment.end).toBeLessThanOrEqual(piece.endMs / 1000);
      expect(segment.language).toBe(piece.language);
      if (i > 0) expect(segment.start).toBeGreaterThan(result.segments[i - 1].end);
    });
    expect(result.pieces.at(-1)!.endMs).toBeGreaterThan(39_900);
    expect(result.text.startsWith(`${ENGLISH} ${SPANISH}`)).toBe(true);
  });

  it("labels a piece by its text when the provider names no language or plainly the wrong one", async () => {
    server.answerTranscriptions(() => ({ text: SPANISH, language: "", duration: 3 }));
    expect((await transcribeAudioFile(short)).language).toBe("es");
    server.answerTranscriptions(() => ({ text: SPANISH, language: "english", duration: 3 }));
    expect((await transcribeAudioFile(short)).pieces[0].language).toBe("es");
    // A short text leaves the provider's word standing.
    server.answerTranscriptions(() => ({ text: "Sí, claro.", language: "english", duration: 3 }));
    expect((await transcribeAudioFile(short)).language).toBe("en");
  });

  it("never keeps a client for settings that changed (resetEnvCache)", async () => {
    const other = await startOpenAiServer({ apiKey: "sk-other" });
    try {
      useServer(other);
      await transcribe(short);
      expect(other.calls.transcriptions).toBe(1);
      useServer(server);
      const before = server.calls.transcriptions;
      await transcribe(short);
      expect(server.calls.transcriptions).toBe(before + 1);
      expect(other.calls.transcriptions).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe("summary and translation through the chat API", () => {
  it("summarises in the requested language with OPENAI_TEXT_MODEL", async () => {
    const result = await summarize(SPANISH, "es");
    expect(result).toEqual({ summary: "Summary (es): Hablamos del plan de formación para los nuevos", provider: "openai" });
    const request = server.chatRequests.at(-1)!;
    expect(request.model).toBe("gpt-4o-mini");
    expect(request.messages[0].content).toMatch(/Spanish \(es\)/);
  });

  it("falls back to the extractive summary when the service refuses", async () => {
    useServer({ url: server.url, apiKey: "sk-wrong" });
    const result = await summarize(SPANISH, "es");
    expect(result.provider).toBe("extractive");
    expect(SPANISH).toContain(result.summary);
  });

  it("translates many texts in one request, keeping their order and blanks", async () => {
    const t = translator()!;
    expect(t.name).toBe("openai");
    expect(t.supports("en", "de")).toBe(true);
    const before = { chat: server.calls.chat, counted: aiCallCounts().translate };
    const result = await t.translate(["Good morning", "", "Thank you", "See you on Tuesday"], "en", "es");
    expect(result).toEqual(["Buenos días", "", "Gracias", "[es] See you on Tuesday"]);
    expect(server.calls.chat).toBe(before.chat + 1);
    expect(aiCallCounts().translate).toBe(before.counted + 1);
    const request = server.chatRequests.at(-1)!;
    expect(request.responseFormat).toBe("json_object");
    expect(JSON.parse(request.messages[1].content)).toEqual(["Good morning", "Thank you", "See you on Tuesday"]);
  });

  it("makes no request for the same language or only blank texts", async () => {
    const before = server.calls.chat;
    expect(await translator()!.translate(["Hola"], "es", "es-MX")).toEqual(["Hola"]);
    expect(await translator()!.translate(["  "], "es", "en")).toEqual(["  "]);
    expect(server.calls.chat).toBe(before);
  });
});
