import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apertiumInstalled } from "@/lib/ai/apertium";
import { aiCallCounts } from "@/lib/ai/call-counts";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { EVENTS } from "@/lib/messages/realtime-events.shared";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";
import { startTestRealtime, subscribe, withTimeout, type TestRealtime } from "../helpers/realtime";

/**
 * Every reader reads every message in their own language, without asking (docs/messages.md,
 * "Translation"): detected when posted, translated once per reader language before it is
 * pushed, cached, and shown as written with `translation: "unavailable"` when no provider can.
 * The provider here is tests/helpers/openai-server.ts, a local server speaking the OpenAI chat
 * API to the real SDK ("Good morning" → "Buenos días", anything else → "[es] …").
 */

type Person = { id: string; token: string };

let openai: OpenAiServer;
let realtime: TestRealtime;
let d: TestDistrict;
let admin: Person;
const saved = { OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_API_KEY: process.env.OPENAI_API_KEY };

function useOpenAi(url: string | undefined, key: string | undefined) {
  if (url === undefined) delete process.env.OPENAI_BASE_URL;
  else process.env.OPENAI_BASE_URL = url;
  if (key === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = key;
  resetEnvCache();
}

beforeAll(async () => {
  openai = await startOpenAiServer();
  realtime = await startTestRealtime();
  d = await makeDistrict("Translation");
  admin = d.admin;
});

beforeEach(() => useOpenAi(openai.url, openai.apiKey));

afterAll(async () => {
  useOpenAi(saved.OPENAI_BASE_URL, saved.OPENAI_API_KEY);
  await realtime.close();
  await openai.close();
});

const translationsOf = async (messageId: string) =>
  (
    await db().translation.findMany({
      where: { sourceType: "message", sourceId: messageId, text: { not: null } },
      select: { language: true, text: true },
      orderBy: { language: "asc" },
    })
  ).map((t) => ({ language: t.language, body: t.text }));

describe("once per language", () => {
  it("a message to 50 readers in 3 languages costs 2 provider calls, when posted and ever after", async () => {
    const languages = ["en", "es", "fr"];
    const readers: (Person & { language: string })[] = [];
    for (let i = 0; i < 50; i++) {
      // es-MX and es read the same Spanish: one translation.
      const language = [languages[i % 3], i === 1 ? "es-MX" : null].find(Boolean)!;
      readers.push({ ...(await d.addPerson("board", { first: `Reader${i}`, last: "Many", language })), language });
    }
    const listening = await Promise.all(
      [readers[0], readers[1], readers[2]].map(async (reader) => {
        const client = await realtime.connectClient(
          async (socketId, channel) => (await api.post("/api/realtime/auth", reader.token, { socket_id: socketId, channel_name: channel })).body,
        );
        const channel = await subscribe(client, `private-person-${reader.id}`);
        // Wrapped: an awaited async function would wait for the event itself.
        return { event: new Promise<{ message: { body: string; original?: unknown } }>((resolve) => channel.bind(EVENTS.conversationCreated, resolve)) };
      }),
    );

    const calls = { chat: openai.calls.chat, counted: aiCallCounts().translate };
    const body = "Good morning everyone, the board meets at nine today in room four.";
    const created = await api.post("/api/messages", admin.token, { participants: readers.map((r) => r.id), body });
    expect(created.status).toBe(201);
    expect(openai.calls.chat - calls.chat).toBe(2);
    expect(aiCallCounts().translate - calls.counted).toBe(2);

    const conversation = await api.get(`/api/messages/${created.body.id}`, admin.token);
    const messageId = conversation.body.messages[0].id;
    expect(conversation.body.messages[0]).toMatchObject({ body, language: "en" });
    expect(await translationsOf(messageId)).toEqual([
      { language: "es", body: `[es] ${body}` },
      { language: "fr", body: `[fr] ${body}` },
    ]);

    // Pushed already translated: each reader's event is in their language.
    const [en, es, fr] = await withTimeout(Promise.all(listening.map((l) => l.event)), 5000, "the conversation-created events");
    expect(en.message.body).toBe(body);
    expect(en.message).not.toHaveProperty("original");
    expect(es.message).toMatchObject({ body: `[es] ${body}`, language: "es", original: { language: "en", body } });
    expect(fr.message).toMatchObject({ body: `[fr] ${body}`, language: "fr", original: { language: "en", body } });

    // Fifty readers read it: no provider call more.
    for (const reader of readers) {
      const read = await api.get(`/api/messages/${created.body.id}`, reader.token);
      const message = read.body.messages[0];
      if (reader.language === "en") expect(message).toEqual(expect.not.objectContaining({ original: expect.anything() }));
      else expect(message.original).toEqual({ language: "en", body });
      const list = await api.get("/api/messages", reader.token);
      expect(list.body[0].last_message.body).toBe(message.body);
    }
    expect(openai.calls.chat - calls.chat).toBe(2);
    expect(aiCallCounts().translate - calls.counted).toBe(2);
  }, 120_000);
});

describe("each reader's language, no clicks", () => {
  let english: Person;
  let spanish: Person;

  beforeAll(async () => {
    english = await d.addPerson("board", { first: "Erin", last: "English", language: "en" });
    spanish = await d.addPerson("board", { first: "Sofía", last: "Spanish", language: "es" });
  });

  it("detects the language of what is written (whatever the sender's language), and translates for the others only", async () => {
    const id = (await api.post("/api/messages", english.token, { participants: [spanish.id, admin.id], body: "Good morning" })).body.id;
    // An English speaker writing Spanish: detected as Spanish; the Spanish reader gets it as written.
    const spanishText = "Mañana tenemos la reunión con la junta a las nueve de la mañana.";
    const posted = await api.post(`/api/messages/${id}`, english.token, { body: spanishText });
    expect(posted.body).toMatchObject({ body: spanishText, language: "es" });
    expect(posted.body).not.toHaveProperty("original");

    const forSpanish = (await api.get(`/api/messages/${id}`, spanish.token)).body.messages;
    expect(forSpanish[0]).toMatchObject({ body: "Buenos días", language: "es", original: { language: "en", body: "Good morning" } });
    expect(forSpanish[1]).toEqual(expect.objectContaining({ body: spanishText, language: "es" }));
    expect(forSpanish[1]).not.toHaveProperty("original");

    const forEnglishAdmin = (await api.get(`/api/messages/${id}`, admin.token)).body.messages;
    expect(forEnglishAdmin[0]).toMatchObject({ body: "Good morning" });
    expect(forEnglishAdmin[1]).toMatchObject({ body: `[en] ${spanishText}`, original: { language: "es", body: spanishText } });
    // The sender reads their own messages as written.
    expect((await api.get(`/api/messages/${id}`, english.token)).body.messages[1].body).toBe(spanishText);
  });

  it("a text too short to tell is in the sender's language", async () => {
    const id = (await api.post("/api/messages", spanish.token, { participants: [english.id], body: "Gracias" })).body.id;
    const message = (await api.get(`/api/messages/${id}`, english.token)).body.messages.at(-1);
    expect(message).toMatchObject({ body: "Thank you", original: { language: "es", body: "Gracias" } });
  });

  it("a reader who changes language gets the new one, translated once then cached", async () => {
    const reader = await d.addPerson("board", { language: "en" });
    const id = (await api.post("/api/messages", admin.token, { participants: [reader.id, english.id], body: "The interview schedule is ready for review." }))
      .body.id;
    expect((await api.patch("/api/me", reader.token, { language: "de" })).status).toBe(200);
    const before = openai.calls.chat;
    const first = (await api.get(`/api/messages/${id}`, reader.token)).body.messages[0];
    expect(first.body).toBe("[de] The interview schedule is ready for review.");
    await api.get(`/api/messages/${id}`, reader.token);
    await api.get("/api/messages", reader.token);
    expect(openai.calls.chat - before).toBe(1);
  });
});

describe("no translation available: the original, never an error", () => {
  it('a provider that fails: the message is posted and pushed as written with translation "unavailable"; nothing is cached, and a later read translates', async () => {
    const spanish = await d.addPerson("board", { language: "es" });
    const third = await d.addPerson("board");
    const id = (await api.post("/api/messages", admin.token, { participants: [spanish.id, third.id], body: "Opening line" })).body.id;
    // Nothing listens there: every request fails.
    useOpenAi("http://127.0.0.1:9/v1", "sk-nothing");
    const body = "The documents are due on Friday before noon, please.";
    const posted = await api.post(`/api/messages/${id}`, admin.token, { body });
    expect(posted.status).toBe(201);
    const read = await api.get(`/api/messages/${id}`, spanish.token);
    expect(read.status).toBe(200);
    expect(read.body.messages.at(-1)).toEqual(expect.objectContaining({ body, language: "en", translation: "unavailable" }));
    expect(read.body.messages.at(-1)).not.toHaveProperty("original");
    expect(await translationsOf(posted.body.id)).toEqual([]);

    useOpenAi(openai.url, openai.apiKey);
    const later = await api.get(`/api/messages/${id}`, spanish.token);
    expect(later.body.messages.at(-1)).toMatchObject({ body: `[es] ${body}`, original: { language: "en", body } });
    expect(await translationsOf(posted.body.id)).toEqual([{ language: "es", body: `[es] ${body}` }]);
  }, 60_000);

  it("offline (no OpenAI settings): apertium translates English↔Spanish; a pair it lacks is unavailable", async () => {
    // CI installs it (.ci/run); a machine without it fails here and says how to fix it.
    if (!apertiumInstalled()) throw new Error("apertium is not installed: apt-get install apertium apertium-eng-spa");
    useOpenAi(undefined, undefined);
    const spanish = await d.addPerson("board", { language: "es" });
    const french = await d.addPerson("board", { language: "fr" });
    const body = "The board meets tomorrow morning.";
    const id = (await api.post("/api/messages", admin.token, { participants: [spanish.id, french.id], body })).body.id;
    const forSpanish = (await api.get(`/api/messages/${id}`, spanish.token)).body.messages[0];
    expect(forSpanish.original).toEqual({ language: "en", body });
    expect(forSpanish.body).toMatch(/junta/i);
    const forFrench = (await api.get(`/api/messages/${id}`, french.token)).body.messages[0];
    expect(forFrench).toMatchObject({ body, translation: "unavailable" });
  }, 60_000);
});
