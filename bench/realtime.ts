/**
 * `npm run bench:realtime`: live delivery of messages on the PRODUCTION build, the way
 * `npm start` runs it (scripts/start.ts: embedded PGlite + the embedded Pusher-protocol
 * server in one process, next-server in another), driven from this third process:
 *
 *   1. a fresh data folder (.data-bench-realtime), the production build in BENCH_DIST_DIR
 *      (default .next-bench-realtime; built only when stale), the app on BENCH_PORT (3700) and
 *      its realtime server on BENCH_PORT + 1 (both must be free)
 *   2. a district with a sender and 200 readers (sessions for all), one group conversation of
 *      the 201 made through POST /api/messages, and a person with 1,000 conversations
 *   3. 200 real pusher-js clients (Node build) on loopback, each signed in as one reader,
 *      authorized through POST /api/realtime/auth and subscribed to its person channel; they
 *      run in BENCH_CLIENT_THREADS (2) worker threads, so that one event loop handing 200
 *      deliveries one after another does not add its own queue to the figures (times are
 *      compared as performance.timeOrigin + now(), the same clock in every thread)
 *   4. delivery: BENCH_MESSAGES (200) messages POSTed one after another; for each, the time
 *      from sending the POST to each of the 200 clients receiving `message-created`
 *      (p50/p95/p99 over all 40,000 deliveries), and the POST's own time
 *   5. the realtime server alone: the same fan-out published with the `pusher` SDK straight
 *      to the embedded server (what soketi's CI bar measures)
 *   6. throughput: BENCH_CONCURRENCY (8) senders posting for BENCH_DURATION_S (10) s: messages
 *      per second, deliveries per second
 *   7. GET /api/messages for the person with 1,000 conversations (1 connection, 100 requests)
 *   8. peak RSS of the app's processes and of this one (the 200 clients)
 *
 * A benchmark prints figures; it never asserts. Everything it starts is stopped and its data
 * removed at the end, on Ctrl-C, and after BENCH_TIME_LIMIT_S (default 900 s).
 *
 * Knobs: BENCH_DIST_DIR, BENCH_PORT (3700; the realtime server takes the next port),
 * BENCH_READERS (200), BENCH_MESSAGES (200), BENCH_CONCURRENCY (8), BENCH_DURATION_S (10),
 * BENCH_CLIENT_THREADS (2), BENCH_TIME_LIMIT_S (900).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { processTree, sleep, startBench, summarize, tsxServer, waitForHttp } from "./harness";
import { buildIfStale } from "./production-build";
import { seedRealtimeDistrict } from "./realtime-seed";

const bench = startBench({ timeLimitS: 900 });
const { log } = bench;

const PORT = Number(process.env.BENCH_PORT ?? 3700);
const REALTIME_PORT = PORT + 1;
const DATA_DIR = ".data-bench-realtime";
const DIST_DIR = process.env.BENCH_DIST_DIR ?? ".next-bench-realtime";
const READERS = Number(process.env.BENCH_READERS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const WARMUP = 20;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const CLIENT_THREADS = Number(process.env.BENCH_CLIENT_THREADS ?? 2);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONVERSATIONS = 1000;
const LIST_REQUESTS = 100;
const BASE = `http://127.0.0.1:${PORT}`;

/** Milliseconds on a clock every thread shares. */
const now = () => performance.timeOrigin + performance.now();

const workers: Worker[] = [];
const appLog = path.join(os.tmpdir(), `cas-bench-realtime-${process.pid}.log`);
bench.onCleanup(async () => {
  await Promise.all(workers.map((w) => w.terminate()));
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
// figures

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const rows: string[][] = [];
function report(name: string, s: ReturnType<typeof summarize>, extra = "") {
  rows.push([name, String(s.n), ms(s.p50), ms(s.p95), ms(s.p99), ms(s.max), extra]);
}

// ---------------------------------------------------------------------------------------
// seed (through the app's own embedded database, as another process of `npm start` would)

type Seeded = { sender: string; readers: { id: string; token: string }[]; conversation: string; lister: string };

async function seed(): Promise<Seeded> {
  const started = Date.now();
  const seeded = await seedRealtimeDistrict({ readers: READERS, conversations: CONVERSATIONS });
  // The group of 201, made through the API like any conversation.
  const created = await post(seeded.sender, "/api/messages", { participants: seeded.readers.map((r) => r.id), body: "Welcome to the benchmark group." });
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${READERS} readers in one group, a person with ${CONVERSATIONS} conversations`);
  return { sender: seeded.sender, readers: seeded.readers, conversation: created.id, lister: seeded.lister };
}

async function post(token: string, urlPath: string, body: unknown) {
  const res = await fetch(`${BASE}${urlPath}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${urlPath}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { id: string };
}

// ---------------------------------------------------------------------------------------
// clients

type Delivery = (messageBody: string, at: number) => void;

/**
 * A client thread (plain JavaScript, run with `eval`): connects its readers as the browser
 * does (settings from GET /api/realtime, JSON authorization through POST /api/realtime/auth
 * with the reader's token), subscribes each to its person channel, and reports every
 * `message-created` with the clock all threads share.
 */
const CLIENT_THREAD = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const { createRequire } = require("node:module");
const Pusher = createRequire(workerData.from)("pusher-js");
const now = () => performance.timeOrigin + performance.now();
const { base, readers } = workerData;

async function connect(reader) {
  const settings = await (await fetch(base + "/api/realtime", { headers: { authorization: "Bearer " + reader.token } })).json();
  const client = new Pusher(settings.key, {
    cluster: settings.cluster, wsHost: "127.0.0.1", wsPort: settings.wsPort, wssPort: settings.wsPort,
    forceTLS: false, enabledTransports: ["ws"], disableStats: true,
    channelAuthorization: {
      endpoint: "/api/realtime/auth", transport: "ajax",
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(base + "/api/realtime/auth", {
          method: "POST",
          headers: { authorization: "Bearer " + reader.token, "content-type": "application/json" },
          body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
        }).then(async (res) => (res.ok ? callback(null, await res.json()) : callback(new Error("auth " + res.status), null)), (e) => callback(e, null));
      },
    },
  });
  const channel = client.subscribe(settings.person_channel);
  await new Promise((resolve, reject) => {
    channel.bind("pusher:subscription_succeeded", resolve);
    channel.bind("pusher:subscription_error", (e) => reject(new Error("subscription refused: " + JSON.stringify(e))));
  });
  channel.bind("message-created", (data) => {
    if (data.message) parentPort.postMessage({ type: "delivery", body: data.message.body, at: now() });
  });
  return client;
}

(async () => {
  let count = 0;
  for (let i = 0; i < readers.length; i += 20) count += (await Promise.all(readers.slice(i, i + 20).map(connect))).length;
  parentPort.postMessage({ type: "ready", count });
})().catch((error) => { throw error; });
`;

// ---------------------------------------------------------------------------------------

async function main() {
  for (const port of [PORT, REALTIME_PORT]) {
    const taken = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      (error: Error) => !/ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error)),
    );
    if (taken) throw new Error(`port ${port} is in use: set BENCH_PORT to a free pair of ports`);
  }
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  await buildIfStale(DIST_DIR, log);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    REALTIME_PORT: String(REALTIME_PORT),
    DATA_DIR,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const name of [
    "DATABASE_URL",
    "PUSHER_APP_ID",
    "PUSHER_KEY",
    "PUSHER_SECRET",
    "PUSHER_CLUSTER",
    "PUSHER_HOST",
    "PUSHER_PORT",
    "OPENAI_BASE_URL",
    "OPENAI_API_KEY",
    "BASE_URL",
    "HOST",
  ])
    delete env[name];
  // scripts/start.ts itself, as `npm start`: it also runs the embedded realtime server.
  const app = bench.spawnNode("app", [...tsxServer, "scripts/start.ts"], env, appLog);
  log(`starting the app (npm start's steps) on ${BASE}, realtime on ${REALTIME_PORT}; log: ${appLog}`);
  await waitForHttp(`${BASE}/api/health`, app, 240_000);

  Object.assign(process.env, { DATA_DIR, REALTIME_PORT: String(REALTIME_PORT) });
  for (const name of ["DATABASE_URL", "PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "PUSHER_CLUSTER", "PUSHER_HOST", "PUSHER_PORT"]) delete process.env[name];
  const seeded = await seed();

  // 200 readers, each waiting for the bodies it is told to expect.
  const waiting = new Map<string, { started: number; left: number; latencies: number[]; done: () => void }>();
  const measure: Delivery = (body, at) => {
    const entry = waiting.get(body);
    if (!entry) return;
    entry.latencies.push(at - entry.started);
    if (--entry.left === 0) entry.done();
  };
  let handler = measure;
  const connectStarted = performance.now();
  const perThread = Math.ceil(seeded.readers.length / CLIENT_THREADS);
  let connected = 0;
  await Promise.all(
    Array.from({ length: CLIENT_THREADS }, (_, i) => {
      const readers = seeded.readers.slice(i * perThread, (i + 1) * perThread);
      const worker = new Worker(CLIENT_THREAD, { eval: true, workerData: { base: BASE, readers, from: import.meta.filename } });
      workers.push(worker);
      return new Promise<void>((resolve, reject) => {
        worker.on("error", reject);
        worker.on("message", (m: { type: "ready"; count: number } | { type: "delivery"; body: string; at: number }) => {
          if (m.type === "ready") {
            connected += m.count;
            resolve();
          } else handler(m.body, m.at);
        });
      });
    }),
  );
  const clients = { length: connected };
  log(`${connected} pusher-js clients connected and subscribed (${CLIENT_THREADS} threads) in ${((performance.now() - connectStarted) / 1000).toFixed(1)} s`);

  /** Sends one message and resolves with its delivery latencies (ms from the POST being sent). */
  async function sendAndWait(body: string, send: () => Promise<unknown>) {
    let done!: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    const entry = { started: now(), left: clients.length, latencies: [] as number[], done };
    waiting.set(body, entry);
    entry.started = now();
    const postStarted = entry.started;
    await send();
    const postMs = now() - postStarted;
    await Promise.race([all, sleep(10_000)]);
    waiting.delete(body);
    return { latencies: entry.latencies, postMs, missing: entry.left };
  }

  // ---- delivery latency through the app
  const sendMessage = (body: string) => () => post(seeded.sender, `/api/messages/${seeded.conversation}`, { body });
  for (let i = 0; i < WARMUP; i++) await sendAndWait(`warm-up ${i}`, sendMessage(`warm-up ${i}`));
  const deliveries: number[] = [];
  const posts: number[] = [];
  let missing = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const body = `Delivery test message ${i}: the board meets at nine.`;
    const result = await sendAndWait(body, sendMessage(body));
    deliveries.push(...result.latencies);
    posts.push(result.postMs);
    missing += result.missing;
  }
  report(
    `POST /api/messages/:id → ${clients.length} pusher-js clients (delivery)`,
    summarize(deliveries),
    missing ? `${missing} not delivered` : "all delivered",
  );
  report("  the POST itself (session, one write statement, publish)", summarize(posts));

  // ---- the realtime server alone: the SDK publishing the same fan-out
  const { publish } = await import("@/lib/realtime/publish");
  const { resetEnvCache } = await import("@/lib/env");
  resetEnvCache();
  const channels = seeded.readers.map((r) => `private-person-${r.id}`);
  const fanout: number[] = [];
  let fanoutMissing = 0;
  for (let i = 0; i < WARMUP + MESSAGES; i++) {
    const body = `Fan-out test ${i}`;
    const result = await sendAndWait(body, () =>
      publish(channels, "message-created", {
        conversation_id: seeded.conversation,
        seq: 0,
        message: { id: `m${i}`, body, sender_id: "x", reactions: {}, created_at: Date.now(), kind: "message", seq: 0, language: "en" },
      }),
    );
    if (i >= WARMUP) {
      fanout.push(...result.latencies);
      fanoutMissing += result.missing;
    }
  }
  report(
    `pusher SDK publish → ${clients.length} clients (the realtime server alone)`,
    summarize(fanout),
    fanoutMissing ? `${fanoutMissing} not delivered` : "all delivered",
  );

  // ---- throughput
  let sent = 0;
  let delivered = 0;
  handler = () => void delivered++;
  const stopAt = performance.now() + DURATION_S * 1000;
  const throughputStarted = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let n = 0;
      while (performance.now() < stopAt) {
        await post(seeded.sender, `/api/messages/${seeded.conversation}`, { body: `Throughput ${worker}-${n++}` });
        sent++;
      }
    }),
  );
  const postingSeconds = (performance.now() - throughputStarted) / 1000;
  const expected = sent * clients.length;
  const drainUntil = performance.now() + 10_000;
  while (delivered < expected && performance.now() < drainUntil) await sleep(50);
  const totalSeconds = (performance.now() - throughputStarted) / 1000;
  const throughput = `${(sent / postingSeconds).toFixed(0)} messages/s posted (${CONCURRENCY} senders, ${DURATION_S} s), ${(delivered / totalSeconds).toFixed(0)} deliveries/s, ${delivered}/${expected} delivered`;

  // ---- the list of 1,000 conversations: as browsers ask (gzip), and uncompressed
  for (const encoding of ["gzip, deflate, br", "identity"]) {
    const listTimes: number[] = [];
    let listBytes = 0;
    let listLength = 0;
    for (let i = 0; i < 10 + LIST_REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(`${BASE}/api/messages`, { headers: { authorization: `Bearer ${seeded.lister}`, "accept-encoding": encoding } });
      const text = await res.text();
      if (!res.ok) throw new Error(`GET /api/messages: ${res.status} ${text.slice(0, 200)}`);
      if (i >= 10) listTimes.push(performance.now() - started);
      listBytes = text.length;
      listLength = (JSON.parse(text) as unknown[]).length;
    }
    report(
      `GET /api/messages (${listLength} conversations, ${(listBytes / 1024).toFixed(0)} KB of JSON), Accept-Encoding: ${encoding}, 1 connection`,
      summarize(listTimes),
    );
  }

  // ---- memory
  const appMemory = processTree(app.pid!).map((p) => ({
    ...p,
    name:
      p.cmd.split(" ").find((a) => /scripts\/\w+\.ts$/.test(a)) ??
      (p.name.startsWith("next-server") ? "next-server" : p.cmd.split(" ").find((a) => a.endsWith("cli.mjs")) ? "tsx launcher" : p.name),
  }));
  const own = processTree(process.pid)[0];

  console.log("");
  console.log(
    `Realtime benchmark (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, embedded PGlite + embedded Pusher-protocol server)`,
  );
  console.log("");
  console.log("| case | samples | p50 ms | p95 ms | p99 ms | max ms | |");
  console.log("|---|---:|---:|---:|---:|---:|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log("");
  console.log(`Throughput: ${throughput}`);
  console.log("");
  console.log("Memory (RSS now / peak, MB):");
  for (const p of appMemory) console.log(`  app ${p.name} (pid ${p.pid}): ${(p.rssKb / 1024).toFixed(0)} / ${(p.hwmKb / 1024).toFixed(0)}`);
  console.log(
    `  this process (${clients.length} pusher-js clients in ${CLIENT_THREADS} threads): ${(own.rssKb / 1024).toFixed(0)} / ${(own.hwmKb / 1024).toFixed(0)}`,
  );
  console.log("");
  console.log(`Targets: delivery p95 < 25 ms and p99 < 50 ms; list p50 < 50 ms.`);
}

bench.run(main, appLog);
