import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiCallCounts } from "@/lib/ai/call-counts";
import { resetEnvCache } from "@/lib/env";
import { api } from "../helpers/api";
import { captureAll, cut, liveWebm, newRecordingId, pipelineSettled } from "../helpers/audio";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";

/**
 * POST /api/audio/transcribe, /summarize and /translate against a local server speaking the
 * OpenAI API: results stored on the recording, idempotent unless `force`, the language
 * detected per piece, translations made once per language, and the `url` rules (SSRF).
 */

let d: TestDistrict;
let server: OpenAiServer;
let webm: Buffer;

const ENGLISH = "Good morning";
const SPANISH_LONG =
  "Hablamos del plan de formación para los nuevos voluntarios y del calendario del próximo mes. La coordinadora explicó que las reuniones serán los martes.";

async function recorded(published = false) {
  const candidate = await d.addPerson("candidate");
  const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-01" })).body.id as string;
  if (published) await api.patch(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token, { published: 1 });
  const recordingId = newRecordingId();
  await captureAll(d.admin.token, recordingId, cut(webm, 2));
  const res = await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Interview" } });
  expect(res.status).toBe(200);
  // The server carries on by itself (transcribe → summarize → translate): wait until it is done.
  await pipelineSettled(d.admin.token, recordingId);
  return { candidate, interviewId, recordingId, url: res.body.url as string, target: { personId: candidate.id, interviewId, recordingId } };
}

beforeAll(async () => {
  d = await makeDistrict("Audio AI");
  webm = await liveWebm(3);
  server = await startOpenAiServer();
});

afterAll(() => server.close());

beforeEach(() => {
  process.env.OPENAI_BASE_URL = server.url;
  process.env.OPENAI_API_KEY = server.apiKey;
  resetEnvCache();
  server.answerTranscriptions(() => ({ text: ENGLISH, language: "english", duration: 3, segments: [{ start: 0.2, end: 1.4, text: ENGLISH }] }));
});

afterEach(() => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY", "TRANSCRIBE_URL_HOSTS"]) delete process.env[name];
  resetEnvCache();
});

describe("POST /api/audio/transcribe", () => {
  it("the pipeline transcribes the recording's own file (read from storage) once; the endpoint returns it until force", async () => {
    const before = server.calls.transcriptions;
    const r = await recorded();
    expect(server.calls.transcriptions).toBe(before + 1);
    // The audio sent is the finalized file.
    expect(server.transcriptionRequests.at(-1)!.file.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    const res = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true, transcript: ENGLISH, language: "en", segments: [{ start: 0.2, end: 1.4, language: "en", text: ENGLISH }] });
    expect(server.calls.transcriptions).toBe(before + 1);

    const stored = (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
    expect(stored).toMatchObject({ transcript: { en: ENGLISH }, language: "en", segments: res.body.segments, transcribed_at: expect.any(Number) });

    // Idempotent: no new request.
    const again = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target });
    expect(again.body).toEqual(res.body);
    expect(server.calls.transcriptions).toBe(before + 1);
    // force: made again, and the steps after it run again.
    server.answerTranscriptions(() => ({ text: SPANISH_LONG, language: "spanish", duration: 3, segments: [{ start: 0, end: 3, text: SPANISH_LONG }] }));
    const forced = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, force: true });
    expect(forced.body).toMatchObject({ transcript: SPANISH_LONG, language: "es" });
    expect(server.calls.transcriptions).toBe(before + 2);
    await pipelineSettled(d.admin.token, r.recordingId);
    const after = (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
    // The old transcript's translations are gone; the readers (all English here) get the new one in English.
    expect(after.transcript).toEqual({ es: SPANISH_LONG, en: `[en] ${SPANISH_LONG}` });
    expect(after.summary_language).toBe("es");
  });

  it("with `language`, adds a translation made once and kept; readers get it through /translate", async () => {
    const r = await recorded(true);
    const chatBefore = server.calls.chat;
    const res = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, language: "es-MX" });
    expect(res.status).toBe(200);
    expect(res.body.translation).toEqual({
      language: "es",
      transcript: "Buenos días",
      segments: [{ start: 0.2, end: 1.4, language: "es", text: "Buenos días" }],
    });
    // One request for the transcript's segments, one for the summary the pipeline made.
    expect(server.calls.chat).toBe(chatBefore + 2);
    const stored = (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
    expect(stored.transcript).toEqual({ en: ENGLISH, es: "Buenos días" });
    expect(stored.segment_translations).toEqual({ es: ["Buenos días"] });
    expect(stored.summary).toEqual({ en: `Summary (en): ${ENGLISH}`, es: `[es] Summary (en): ${ENGLISH}` });

    // The candidate (a reader here) asks for Spanish: kept, no new request.
    const read = await api.post("/api/audio/translate", r.candidate.token, { ...r.target, language: "es" });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      ok: true,
      language: "es",
      transcript: "Buenos días",
      segments: [{ start: 0.2, end: 1.4, language: "es", text: "Buenos días" }],
      summary: `[es] Summary (en): ${ENGLISH}`,
    });
    expect(server.calls.chat).toBe(chatBefore + 2);
    // The original language: nothing to translate.
    expect((await api.post("/api/audio/translate", r.candidate.token, { ...r.target, language: "en" })).body.transcript).toBe(ENGLISH);
    expect(server.calls.chat).toBe(chatBefore + 2);
    // The candidate may not transcribe someone else's interview, nor a mentor at all.
    const stranger = await d.addPerson("candidate");
    expect((await api.post("/api/audio/translate", stranger.token, { ...r.target, language: "es" })).status).toBe(404);
    expect((await api.post("/api/audio/transcribe", stranger.token, { url: r.url, ...r.target })).status).toBe(404);
  });

  it("the translate step makes the transcript and summary in every reader's language, once", async () => {
    const candidate = await d.addPerson("candidate", { language: "es-MX" });
    const mentor = await d.addPerson("mentor", { language: "es" });
    await d.assignMentor(mentor.id, candidate.id);
    const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-02" })).body.id as string;
    const recordingId = newRecordingId();
    await captureAll(d.admin.token, recordingId, cut(webm, 2));
    const chatBefore = server.chatRequests.length;
    expect((await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Interview" } })).status).toBe(
      200,
    );
    const steps = await pipelineSettled(d.admin.token, recordingId);
    expect(steps.map((s) => [s.step, s.state])).toEqual([
      ["finalize", "done"],
      ["transcribe", "done"],
      ["summarize", "done"],
      ["translate", "done"],
    ]);
    const stored = (await api.get(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token)).body.audio[recordingId];
    expect(stored.transcript).toEqual({ en: ENGLISH, es: "Buenos días" });
    expect(stored.summary).toEqual({ en: `Summary (en): ${ENGLISH}`, es: `[es] Summary (en): ${ENGLISH}` });
    expect(stored.steps.at(-1)).toMatchObject({ step: "translate", state: "done", progress: { done: 2, total: 2, unit: "languages" } });
    // A summary, then one translation each of the segments and the summary into Spanish: nothing twice.
    const made = server.chatRequests
      .slice(chatBefore)
      .map((r) => (r.messages[0].content.startsWith("Translate") ? `translate ${r.messages.at(-1)!.content}` : "summary"));
    expect(made.sort()).toEqual(["summary", `translate ${JSON.stringify([ENGLISH])}`, `translate ${JSON.stringify([`Summary (en): ${ENGLISH}`])}`].sort());
  });

  it("labels a recording by the language spoken longest, segment by segment", async () => {
    const r = await recorded();
    server.answerTranscriptions(() => ({
      text: `${ENGLISH}. ${SPANISH_LONG}`,
      language: "english",
      duration: 3,
      segments: [
        { start: 0, end: 0.5, text: ENGLISH },
        { start: 0.5, end: 3, text: SPANISH_LONG },
      ],
    }));
    const res = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, force: true });
    // whisper named the first seconds' language; the piece's text is plainly Spanish.
    expect(res.body.language).toBe("es");
    expect(res.body.segments.map((s: { language: string }) => s.language)).toEqual(["es", "es"]);
  });

  it("503 with the settings to use when there is no speech-to-text, and 404 for an unknown recording", async () => {
    const r = await recorded();
    const path = process.env.PATH;
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    process.env.PATH = "/nonexistent"; // no pocketsphinx either
    resetEnvCache();
    try {
      const none = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, force: true });
      expect(none.status).toBe(503);
      expect(none.body.error).toEqual({
        code: "ai_unavailable",
        message: expect.stringMatching(/OPENAI_API_KEY.*pocketsphinx/),
        request_id: expect.any(String),
      });
    } finally {
      process.env.PATH = path;
    }
    const missing = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, recordingId: "nope" });
    expect(missing.status).toBe(404);
    const other = await recorded();
    const wrongInterview = await api.post("/api/audio/transcribe", d.admin.token, { url: r.url, ...r.target, interviewId: other.interviewId });
    expect(wrongInterview.status).toBe(404);
  });
});

describe("the transcribe url (SSRF)", () => {
  it("refuses other hosts unless listed, and even then private, loopback and link-local addresses, file: and names resolving to loopback", async () => {
    const r = await recorded();
    const before = aiCallCounts().transcribe;
    const refusedUrls = [
      "http://example.org/audio.webm", // not listed
      "file:///etc/passwd",
      "ftp://127.0.0.1/a.webm",
      "http://127.0.0.1:3000/files/x/audio/y/z.webm",
      "http://127.0.0.1/latest",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/a.webm",
      "http://[::ffff:127.0.0.1]/a.webm",
      "http://[::ffff:a9fe:a9fe]/a.webm",
      "http://localhost:9/a.webm",
      "http://10.1.2.3/a.webm",
      "http://0.0.0.0/a.webm",
      "http://user:pass@listed.example/a.webm",
      "not a url",
      "gopher://listed.example/",
    ];
    for (const url of refusedUrls) {
      const res = await api.post("/api/audio/transcribe", d.admin.token, { url, ...r.target });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].path, url).toBe("url");
    }
    // Listed: still refused for where they lead.
    process.env.TRANSCRIBE_URL_HOSTS = "127.0.0.1,169.254.169.254,[::1],::ffff:127.0.0.1,localhost,10.1.2.3,0.0.0.0,listed.example";
    resetEnvCache();
    // Forced, so that they are fetched (by the worker, which refuses the address) rather than the stored transcript returned.
    for (const url of refusedUrls.slice(3)) {
      const res = await api.post("/api/audio/transcribe", d.admin.token, { url, ...r.target, force: true });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].path).toBe("url");
    }
    const localhost = await api.post("/api/audio/transcribe", d.admin.token, { url: "http://localhost:9/a.webm", ...r.target, force: true });
    expect(localhost.body.error.details[0].message, JSON.stringify(localhost.body)).toMatch(/resolves to .*(127\.0\.0\.1|::1)/);
    expect(aiCallCounts().transcribe).toBe(before);
  });

  it("own URLs: only /files/, only what the caller may see, never another district's", async () => {
    const r = await recorded();
    const elsewhere = await makeDistrict("Elsewhere AI");
    const theirs = await elsewhere.addPerson("candidate");
    const ownPaths = [
      `http://localhost:3000/api/people`,
      `http://localhost:3000/files/${elsewhere.id}/audio/${theirs.id}/x.webm`,
      `/files/${d.id}/audio/${r.candidate.id}/missing.webm`,
      `/files/${d.id}/../../etc/passwd`,
    ];
    const statuses = [];
    for (const url of ownPaths) statuses.push((await api.post("/api/audio/transcribe", d.admin.token, { url, ...r.target })).status);
    // The last one normalises to /etc/passwd: not a stored file of this service.
    expect(statuses).toEqual([400, 404, 404, 400]);
    // A relative URL of the recording itself works.
    const relative = await api.post("/api/audio/transcribe", d.admin.token, { url: new URL(r.url).pathname, ...r.target });
    expect(relative.status).toBe(200);
    // The new transcript's summary and translations follow as jobs: done here, not during the next test's count of AI calls.
    await pipelineSettled(d.admin.token, r.recordingId);
  });
});

describe("POST /api/audio/summarize", () => {
  it("summarizes in the transcript's language, stores it, returns it until force, and translates it on request", async () => {
    const r = await recorded(true);
    // The pipeline summarized the transcript already: the endpoint returns that, whatever text it is sent.
    const before = server.calls.chat;
    const stored = await api.post("/api/audio/summarize", d.admin.token, { transcript: "something else entirely", ...r.target });
    expect(stored.body).toEqual({ ok: true, summary: `Summary (en): ${ENGLISH}`, language: "en" });
    expect(server.calls.chat).toBe(before);

    const res = await api.post("/api/audio/summarize", d.admin.token, { transcript: SPANISH_LONG, ...r.target, force: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, summary: expect.stringMatching(/^Summary \(es\): Hablamos del plan/), language: "es" });
    // The translate step that follows (a job, which a worker may take before the answer is even
    // read here) makes it in English for the (English-reading) readers, once: one call for the
    // summary, one for its translation.
    await pipelineSettled(d.admin.token, r.recordingId);
    const translated = await api.post("/api/audio/summarize", d.admin.token, { transcript: SPANISH_LONG, ...r.target, language: "en" });
    expect(translated.body.translation).toEqual({ language: "en", summary: `[en] ${res.body.summary}` });
    expect(server.calls.chat).toBe(before + 2);
    const kept = (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
    expect(kept.summary).toEqual({ es: res.body.summary, en: `[en] ${res.body.summary}` });
    expect(kept.summary_language).toBe("es");

    const forced = await api.post("/api/audio/summarize", d.admin.token, {
      transcript: "We agreed on the plan for the new volunteers and their training.",
      ...r.target,
      force: true,
    });
    expect(forced.body.language).toBe("en");
    await pipelineSettled(d.admin.token, r.recordingId);
    const afterForce = (await api.get(`/api/interviews/${r.candidate.id}/${r.interviewId}`, d.admin.token)).body.audio[r.recordingId];
    expect(Object.keys(afterForce.summary)).toEqual(["en"]);

    // The candidate records their own published interview, so they may summarize it; a mentor may not.
    expect((await api.post("/api/audio/summarize", r.candidate.token, { transcript: "x", ...r.target })).status).toBe(200);
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, r.candidate.id);
    expect((await api.post("/api/audio/summarize", mentor.token, { transcript: "x", ...r.target })).status).toBe(403);
    expect((await api.post("/api/audio/summarize", (await d.addKey(["read:interviews"])).key, { transcript: "x", ...r.target })).status).toBe(403);
  });

  it("without any AI service the extractive summary still answers", async () => {
    delete process.env.OPENAI_BASE_URL;
    delete process.env.OPENAI_API_KEY;
    resetEnvCache();
    const r = await recorded();
    const res = await api.post("/api/audio/summarize", d.admin.token, { transcript: `${SPANISH_LONG} ${SPANISH_LONG}`, ...r.target, force: true });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe("es");
    expect(res.body.summary.length).toBeGreaterThan(10);
  });
});
