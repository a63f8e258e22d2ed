import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { E2E_DATA_DIR } from "../playwright.config";
import { SERVER_NODE_ARGS } from "../lib/supervisor/node-args";
import { startOpenAiServer, type OpenAiServer } from "../tests/helpers/openai-server";

/**
 * Two app processes and two job workers on one database, as an operator scales out: `npm start`
 * (its database part when there is no DATABASE_URL, its worker, app A) beside a second app process
 * (B) and `npm run worker`, all against a local server speaking the OpenAI API. Twenty recordings
 * are captured through both apps, then each is finalized on A and on B at the same moment. Every
 * answer is a 200, and each recording gets exactly one provider call per step: one transcription,
 * one summary, and one translation of each into the readers' other language (Cleo reads Spanish).
 * With DATABASE_URL (CI's second run) it uses a fresh database on that PostgreSQL.
 */

const PORT_A = Number(process.env.E2E_JOBS_PORT ?? 3160);
const PORT_B = PORT_A + 2;
const DATA_DIR = `${E2E_DATA_DIR}-jobs`;
const RECORDINGS = 20;
const ADMIN = "admin@demo.test";

let openai: OpenAiServer;
let token: string;
let databaseUrl: string | undefined;
const children: ChildProcess[] = [];
const logs: Record<string, string> = {};

test.describe.configure({ mode: "serial" });

function start(name: string, script: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, script], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  logs[name] = "";
  child.stdout!.on("data", (c) => (logs[name] += c));
  child.stderr!.on("data", (c) => (logs[name] += c));
  children.push(child);
  return child;
}

async function answers(port: number) {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/live`, { signal: AbortSignal.timeout(2000) }).catch(() => null))?.status, {
      timeout: 240_000,
      intervals: [500],
    })
    .toBe(200);
}

async function api(port: number, method: string, pathname: string, body?: unknown | FormData) {
  const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, retryAfter: Number(res.headers.get("retry-after") ?? 1) };
}

/**
 * As the recorder sends: a request the app refused for load (503 `overloaded`, Retry-After, before
 * doing anything) is sent again after the wait it names. Those refusals are counted, not failed:
 * what may not happen is any other 5xx, or a refusal that never ends.
 */
let refused = 0;
async function sendUntilAdmitted(port: number, method: string, pathname: string, body?: unknown) {
  for (let attempt = 1; ; attempt++) {
    const res = await api(port, method, pathname, body);
    if (res.status !== 503 || res.body?.error?.code !== "overloaded" || attempt === 5) return res;
    refused++;
    await new Promise((resolve) => setTimeout(resolve, res.retryAfter * 1000));
  }
}

test.beforeAll(async () => {
  test.setTimeout(400_000);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  openai = await startOpenAiServer();
  openai.answerTranscriptions((_request, index) => ({ text: `Recording number ${index + 1} was heard.`, language: "english", duration: 2 }));
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query("drop database if exists cas_e2e_jobs with (force)");
    await admin.query("create database cas_e2e_jobs");
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = "/cas_e2e_jobs";
    databaseUrl = url.toString();
  }
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR,
    HOST: "",
    // One public origin and one secret for every process, as docs/operations.md "Scale out" asks.
    BASE_URL: `http://localhost:${PORT_A}`,
    NEXTAUTH_SECRET: "e2e-jobs-shared-secret",
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: openai.apiKey,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  if (!databaseUrl) delete base.DATABASE_URL;
  start("npm start (A)", "scripts/start.ts", { ...base, PORT: String(PORT_A), REALTIME_PORT: String(PORT_A + 1) });
  await answers(PORT_A);
  // B and the second worker reach the same database: the embedded one through the process that owns it.
  const url =
    databaseUrl ??
    `postgres://postgres:postgres@127.0.0.1:${JSON.parse(fs.readFileSync(path.join(DATA_DIR, "pglite.server.json"), "utf8")).port}/postgres?sslmode=disable`;
  const shared = { ...base, DATABASE_URL: url, REALTIME_PORT: String(PORT_A + 1), NODE_ENV: "production" as const };
  start("app B", "scripts/serve.ts", { ...shared, PORT: String(PORT_B) });
  start("npm run worker", "scripts/worker.ts", shared);
  await answers(PORT_B);
  const minted = spawnSync(process.execPath, [...SERVER_NODE_ARGS, "scripts/admin.ts", "session", "--email", ADMIN], { env: { ...base }, encoding: "utf8" });
  token = JSON.parse(minted.stdout.trim().split("\n").at(-1)!).token;
  expect(token, minted.stderr).toBeTruthy();
});

test.afterAll(async () => {
  for (const child of children.reverse()) {
    if (!child.pid || child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await new Promise((resolve) => {
      child.once("exit", resolve);
      setTimeout(resolve, 15_000);
    });
  }
  fs.writeFileSync(
    path.join("test-results", "jobs-two-apps.log"),
    Object.entries(logs)
      .map(([name, text]) => `==== ${name}\n${text}`)
      .join("\n"),
  );
  await openai?.close();
  if (databaseUrl && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query("drop database if exists cas_e2e_jobs with (force)");
    await admin.end();
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

test("20 recordings finalized at once on two apps: 0 errors, one provider call per recording and step", async () => {
  test.setTimeout(600_000);
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const made = spawnSync(
    ffmpeg,
    ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "libopus", "-f", "webm", "-live", "1", "pipe:1"],
    { maxBuffer: 1 << 24 },
  );
  const webm = made.stdout;
  const third = Math.ceil(webm.length / 3);
  const people = (await api(PORT_A, "GET", "/api/people")).body as { id: string; email: string }[];
  const cleo = people.find((p) => p.email === "candidate@demo.test")!.id;
  const interview = (await api(PORT_B, "POST", `/api/interviews/${cleo}`, { date: "2029-01-15" })).body.id as string;

  const ids = Array.from({ length: RECORDINGS }, (_, i) => `two-apps-${i}-${Date.now()}`);
  for (const [i, recordingId] of ids.entries()) {
    for (let n = 1; n <= 3; n++) {
      const form = new FormData();
      form.set("recordingId", recordingId);
      form.set("chunkNumber", String(n));
      form.set("audio", new File([new Uint8Array(webm.subarray((n - 1) * third, n * third))], `c${n}.webm`, { type: "audio/webm;codecs=opus" }));
      // Chunks through both apps: a recording's chunks need not all reach the same process.
      expect((await api((i + n) % 2 ? PORT_A : PORT_B, "POST", "/api/audio/capture", form)).status).toBe(200);
    }
  }

  // Each recording finalized on A and on B at the same moment: forty requests at once.
  const results = await Promise.all(
    ids.flatMap((recordingId) =>
      [PORT_A, PORT_B].map((port) =>
        sendUntilAdmitted(port, "POST", "/api/audio/finalize", { recordingId, personId: cleo, interviewId: interview, name: { en: recordingId } }),
      ),
    ),
  );
  if (refused) console.log(`finalize: ${refused} refusal(s) for load, sent again after Retry-After`);
  expect(
    results.filter((r) => r.status >= 500),
    JSON.stringify(results.filter((r) => r.status !== 200).slice(0, 3)),
  ).toEqual([]);
  expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
  for (let i = 0; i < ids.length; i++) expect(results[2 * i].body).toEqual(results[2 * i + 1].body);

  // The servers carry on: every recording transcribed, summarized and translated.
  await expect
    .poll(
      async () => {
        const states = await Promise.all(
          ids.map(async (id, i) => (await api(i % 2 ? PORT_A : PORT_B, "GET", `/api/audio/recordings/${id}`)).body.steps as { step: string; state: string }[]),
        );
        return states.filter((steps) => steps.length === 4 && steps.every((s) => s.state === "done")).length;
      },
      { timeout: 420_000, intervals: [1000] },
    )
    .toBe(RECORDINGS);

  // Exactly one provider call per recording and step.
  expect(openai.calls.transcriptions).toBe(RECORDINGS);
  const summaries = openai.chatRequests.filter((r) => !r.messages[0].content.startsWith("Translate"));
  expect(summaries).toHaveLength(RECORDINGS);
  const translations = openai.chatRequests.filter((r) => r.messages[0].content.startsWith("Translate")).map((r) => r.messages.at(-1)!.content);
  for (let n = 1; n <= RECORDINGS; n++) {
    const said = `Recording number ${n} was heard.`;
    expect(
      translations.filter((t) => t === JSON.stringify([said])),
      said,
    ).toHaveLength(1);
    expect(
      translations.filter((t) => t === JSON.stringify([`Summary (en): ${said}`])),
      said,
    ).toHaveLength(1);
  }
  expect(translations).toHaveLength(2 * RECORDINGS);
  // Both apps serve the same result.
  const [a, b] = await Promise.all([api(PORT_A, "GET", `/api/interviews/${cleo}/${interview}`), api(PORT_B, "GET", `/api/interviews/${cleo}/${interview}`)]);
  expect(Object.keys(a.body.audio)).toHaveLength(RECORDINGS);
  expect(a.body.audio).toEqual(b.body.audio);
});
