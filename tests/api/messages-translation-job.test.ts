import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { wakeLocalWorkers } from "@/lib/jobs/local-workers";
import type { JobData } from "@/lib/jobs/queues";
import { EVENTS, personChannel } from "@/lib/messages/realtime-events.shared";
import { translateMessage } from "@/lib/messages/translation-job";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer, type OpenAiServer } from "../helpers/openai-server";
import { nextEvent, startTestRealtime, subscribe, type TestRealtime } from "../helpers/realtime";

/**
 * A message's translations are a durable job (lib/messages/translation-job.ts): queued in the
 * message's own transaction, dropped when the request made every translation at once, else run
 * later to make the rest and push them to their readers; once per language across processes.
 */

let openai: OpenAiServer;
let realtime: TestRealtime;
let d: TestDistrict;

function useProvider(working: boolean) {
  process.env.OPENAI_BASE_URL = working ? openai.url : "http://127.0.0.1:9/v1"; // nothing listens on 9
  process.env.OPENAI_API_KEY = openai.apiKey;
  resetEnvCache();
}

type JobRow = { id: string; state: string; data: JobData["message-translate"] };
const jobsOf = (messageId: string) =>
  db().$queryRawUnsafe<JobRow[]>(
    `select id::text, state::text, data from "${env().JOBS_SCHEMA}".job where name = 'message-translate' and data->>'messageId' = $1`,
    messageId,
  );

/** Translation requests the provider answered for `body`. */
const translationCalls = (body: string) =>
  openai.chatRequests.filter((r) => r.messages[0].content.startsWith("Translate") && r.messages.at(-1)!.content.includes(body)).length;

beforeAll(async () => {
  openai = await startOpenAiServer();
  realtime = await startTestRealtime();
  d = await makeDistrict("Translation jobs");
});

beforeEach(() => {
  useProvider(true);
  openai.delayChat(0);
});

afterAll(async () => {
  for (const name of ["OPENAI_BASE_URL", "OPENAI_API_KEY"]) delete process.env[name];
  resetEnvCache();
  await realtime.close();
  await openai.close();
});

async function conversationWith(...languages: string[]) {
  const readers = await Promise.all(languages.map((language) => d.addPerson("board", { language })));
  const id = (await api.post("/api/messages", d.admin.token, { participants: readers.map((r) => r.id), body: "Hello" })).body.id as string;
  return { id, readers };
}

describe("the message-translate job", () => {
  it("is queued with the message; run, it translates what the provider could not make and pushes it to those readers", async () => {
    const { id, readers } = await conversationWith("es", "en");
    const [spanish] = readers;
    const client = await realtime.connectClient();
    const channel = await subscribe(client, personChannel(spanish.id));

    useProvider(false);
    const body = "The budget meeting moved to Thursday afternoon.";
    const firstEvent = nextEvent<{ message: Record<string, unknown> }>(channel, EVENTS.messageCreated);
    const posted = await api.post(`/api/messages/${id}`, d.admin.token, { body });
    expect(posted.status).toBe(201);
    expect((await firstEvent).message).toMatchObject({ body, translation: "unavailable" });
    // Queued in the message's transaction, for the one language the readers lack.
    const [job] = await jobsOf(posted.body.id);
    expect(job).toMatchObject({ state: "created", data: { districtId: d.id, messageId: posted.body.id, languages: ["es"] } });

    useProvider(true);
    const translated = nextEvent<{ seq: number; message: Record<string, unknown> }>(channel, EVENTS.messageCreated, 30_000);
    // Due now rather than in 30 s; the test file's in-process worker takes it.
    await db().$executeRawUnsafe(`update "${env().JOBS_SCHEMA}".job set start_after = now() where id::text = $1`, job.id);
    wakeLocalWorkers("message-translate");
    const event = await translated;
    expect(event.seq).toBe(posted.body.seq);
    expect(event.message).toMatchObject({ id: posted.body.id, body: `[es] ${body}`, language: "es", original: { language: "en", body } });
    await expect.poll(async () => (await jobsOf(posted.body.id))[0]?.state, { timeout: 10_000 }).toBe("completed");
    expect(translationCalls(body)).toBe(1);
    const read = await api.get(`/api/messages/${id}`, spanish.token);
    expect(read.body.messages.at(-1)).toMatchObject({ body: `[es] ${body}` });
  }, 60_000);

  it("is dropped when the request made every translation at once, and not queued when no reader needs one", async () => {
    const { id } = await conversationWith("es", "fr");
    const posted = await api.post(`/api/messages/${id}`, d.admin.token, { body: "Please bring the signed forms tomorrow." });
    expect(posted.status).toBe(201);
    expect(await jobsOf(posted.body.id)).toEqual([]);
    const same = await conversationWith("en");
    const plain = await api.post(`/api/messages/${same.id}`, d.admin.token, { body: "Please bring the signed forms tomorrow, thanks." });
    expect(plain.status).toBe(201);
    expect(await jobsOf(plain.body.id)).toEqual([]);
  });

  it("two processes translating the same message at once call the provider once per language", async () => {
    const { id } = await conversationWith("es", "fr");
    useProvider(false);
    const body = "The visit to the training centre is confirmed for Monday.";
    const posted = await api.post(`/api/messages/${id}`, d.admin.token, { body });
    expect(posted.status).toBe(201);
    const [job] = await jobsOf(posted.body.id);
    expect(job.data.languages.sort()).toEqual(["es", "fr"]);

    useProvider(true);
    openai.delayChat(1500); // each call outlasts the other process's start
    const at = Date.now() + 3000;
    const child = new Promise<string>((resolve, reject) => {
      const p = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join("tests", "helpers", "translate-child.ts"), JSON.stringify({ data: job.data, at })], {
        env: process.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      p.stdout.on("data", (c) => (out += c));
      p.stderr.on("data", (c) => (err += c));
      p.on("error", reject);
      p.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err}`))));
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    const [here, there] = await Promise.all([translateMessage(job.data), child]);
    expect(here).toEqual({ translated: expect.arrayContaining(["es", "fr"]) });
    expect(there).toMatch(/^result \{"translated":\[/m);
    expect(translationCalls(body)).toBe(2);
    const stored = await db().translation.findMany({
      where: { districtId: d.id, sourceType: "message", sourceId: posted.body.id },
      select: { language: true, text: true },
    });
    expect(stored.sort((a, b) => a.language.localeCompare(b.language))).toEqual([
      { language: "es", text: `[es] ${body}` },
      { language: "fr", text: `[fr] ${body}` },
    ]);
  }, 60_000);
});
