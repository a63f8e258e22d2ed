/**
 * What `deploy/check-compose.sh` checks once compose.yaml's services are up, from a container on
 * their network (so it reaches Caddy by the public names, and app-1 and app-2 by theirs), with
 * Caddy's own CA trusted (NODE_EXTRA_CA_CERTS): TLS is verified, not skipped.
 *
 *   npx tsx deploy/check-compose.ts [--failover <seconds> | --outage <seconds> | --pipeline]
 *
 * Each check prints one line; the first that fails stops the run with exit code 1.
 * --failover: only sends requests through Caddy for that long and counts those not answered 200,
 * while the script crashes one app process and stops the other.
 * --outage: signed-in reads through Caddy for that long while the script stops and starts PostgreSQL:
 * every answer must be 200 or 503 `unavailable`/`overloaded` (never a 500), the last 10 s all 200.
 * --pipeline: only the recording check (the worker runs jobs).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import PusherClient from "pusher-js";
import { runFfmpeg } from "@/lib/media/ffmpeg";

const site = `https://${required("CAS_DOMAIN")}`;
const apps = ["http://app-1:3000", "http://app-2:3000"];

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

type Answer = { status: number; body: any };

async function call(origin: string, method: string, url: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: res.status, body: text };
  }
}

function check(what: string, ok: boolean, detail?: unknown) {
  if (!ok) {
    console.log(`FAIL ${what}${detail === undefined ? "" : `: ${typeof detail === "string" ? detail : JSON.stringify(detail)}`}`);
    process.exit(1);
  }
  console.log(`ok   ${what}`);
}

function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms))]);
}

async function failover(seconds: number) {
  const until = Date.now() + seconds * 1000;
  let sent = 0;
  const failed: string[] = [];
  while (Date.now() < until) {
    sent++;
    try {
      const res = await fetch(`${site}/api/health/live`);
      if (res.status !== 200) failed.push(String(res.status));
      await res.arrayBuffer();
    } catch (error) {
      failed.push((error as Error).message);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  check(`through Caddy meanwhile: ${sent - failed.length} of ${sent} requests answered 200`, failed.length === 0, failed.slice(0, 5));
}

/** A recording as the browser sends it (a live WebM, in chunks) to app-1, finalized on app-2 without waiting; the worker runs the steps. */
async function recordingThroughWorker(admin: string) {
  const interview = (await call(site, "GET", "/api/interviews", admin)).body[0] as { id: string; person_id: string };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-compose-"));
  await runFfmpeg(["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=4", "-c:a", "libopus", "-b:a", "32k", "-f", "webm", "-live", "1", path.join(dir, "live.webm")]);
  const audio = fs.readFileSync(path.join(dir, "live.webm"));
  fs.rmSync(dir, { recursive: true, force: true });
  const recordingId = `compose-${Date.now()}`;
  const size = Math.ceil(audio.length / 3);
  for (let i = 0; i < 3; i++) {
    const chunk = new FormData();
    chunk.set("recordingId", recordingId);
    chunk.set("chunkNumber", String(i + 1));
    chunk.set("audio", new File([new Uint8Array(audio.subarray(i * size, (i + 1) * size))], `chunk-${i + 1}.webm`, { type: "audio/webm;codecs=opus" }));
    const sent = await call(apps[0], "POST", "/api/audio/capture", admin, chunk);
    if (sent.status !== 200) check(`chunk ${i + 1} to app-1`, false, sent);
  }
  check("a recording's 3 chunks uploaded to app-1", true);
  const finalize = await call(apps[1], "POST", "/api/audio/finalize", admin, { recordingId, personId: interview.person_id, interviewId: interview.id, name: { en: "Compose check" } }, { prefer: "respond-async" });
  check("  finalize asked of app-2 (Prefer: respond-async)", finalize.status === 202, finalize);
  let steps: { step: string; state: string; error: string | null }[] = [];
  let fileUrl = "";
  for (const until = Date.now() + 180_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 1000))) {
    const status = (await call(site, "GET", `/api/audio/recordings/${recordingId}`, admin)).body;
    steps = status?.steps ?? [];
    fileUrl = status?.url ?? "";
    if (steps.length && steps.every((s) => s.state === "done" || s.state === "skipped" || s.state === "failed")) break;
  }
  check(`  the worker ran its steps: ${steps.map((s) => `${s.step} ${s.state}`).join(", ")}`, steps.length >= 3 && steps.every((s) => s.state === "done" || s.state === "skipped"), steps);
  const file = await fetch(new URL(new URL(fileUrl).pathname, apps[0]), { headers: { authorization: `Bearer ${admin}` } });
  check("  the finished file is served by app-1", file.status === 200 && file.headers.get("content-type") === "audio/webm", file.status);
}

async function outage(seconds: number) {
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { disconnectDb } = await import("@/lib/db/client");
  const admin = (await createSessionFor("admin@demo.test"))!.token;
  await disconnectDb();
  const until = Date.now() + seconds * 1000;
  const seen = new Map<string, number>();
  const wrong: string[] = [];
  let lastFailureAt = 0;
  while (Date.now() < until) {
    let outcome: string;
    try {
      const res = await call(site, "GET", "/api/me", admin);
      outcome = res.status === 200 ? "200" : `${res.status} ${res.body?.error?.code ?? ""}`.trim();
      const refusal = res.status === 503 && ["unavailable", "overloaded"].includes(res.body?.error?.code);
      if (res.status !== 200 && !refusal) wrong.push(outcome);
    } catch (error) {
      outcome = (error as Error).message;
      wrong.push(outcome);
    }
    if (outcome !== "200") lastFailureAt = Date.now();
    seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tally = [...seen].map(([outcome, count]) => `${count}× ${outcome}`).join(", ");
  check(`signed-in reads through Caddy while PostgreSQL was down and back: ${tally}`, wrong.length === 0, wrong.slice(0, 5));
  check("  all answered 200 again within the run (the last 10 s)", until - lastFailureAt > 10_000, `last failure ${Math.round((until - lastFailureAt) / 1000)} s before the end`);
}

async function main() {
  const at = process.argv.indexOf("--failover");
  if (at > 0) return failover(Number(process.argv[at + 1]));
  const outageAt = process.argv.indexOf("--outage");
  if (outageAt > 0) return outage(Number(process.argv[outageAt + 1]));
  if (process.argv.includes("--pipeline")) {
    const { createSessionFor } = await import("@/lib/auth/create-session");
    const { disconnectDb } = await import("@/lib/db/client");
    const admin = (await createSessionFor("admin@demo.test"))!.token;
    await recordingThroughWorker(admin);
    return disconnectDb();
  }

  const live = await call(site, "GET", "/api/health/live");
  check(`${site}/api/health/live answers over TLS, through Caddy`, live.status === 200, live);

  // Sessions minted in the shared database, as `npm run admin -- session` does.
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const admin = (await createSessionFor("admin@demo.test"))!.token;
  const board = (await createSessionFor("board@demo.test"))!.token;
  check("the demo district was seeded once, though app-1, app-2 and the worker started together", (await db().district.count()) === 1);

  const email = `compose-${Date.now()}@demo.test`;
  const created = await call(site, "POST", "/api/people", admin, { first: "Compose", last: "Check", email });
  check("a person created through Caddy", created.status === 201, created);
  for (const app of apps) {
    const read = await call(app, "GET", `/api/people/${created.body.id}`, admin);
    check(`  reads back on ${app}`, read.status === 200 && read.body.email === email, read.status);
  }

  const form = new FormData();
  form.set("file", new File([new TextEncoder().encode("shared volume\n")], "note.txt", { type: "text/plain" }));
  const uploaded = await call(apps[0], "POST", `/api/people/${created.body.id}/uploads`, admin, form);
  check("a file uploaded to app-1", uploaded.status === 201, uploaded);
  const download = await fetch(new URL(new URL(uploaded.body.url).pathname, apps[1]), { headers: { authorization: `Bearer ${admin}` } });
  check("  is served by app-2 (the shared files volume)", download.status === 200 && (await download.text()) === "shared volume\n", download.status);

  // Realtime as a browser gets it: the settings the app hands out (REALTIME_PUBLIC_URL), the
  // socket through Caddy, authorised by one app process, an event published by the other.
  const settings = await call(site, "GET", "/api/realtime", board);
  check(`realtime settings point browsers at wss://${settings.body?.wsHost}:${settings.body?.wssPort}`, settings.status === 200 && settings.body.wsHost === process.env.REALTIME_DOMAIN && settings.body.forceTLS === true, settings.body);
  const authorize = async (body: Record<string, string>) => {
    const res = await call(apps[0], "POST", "/api/realtime/auth", board, body);
    if (res.status !== 200) throw new Error(`realtime auth ${res.status}`);
    return res.body;
  };
  const client = new PusherClient(settings.body.key, {
    ...settings.body,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => void authorize({ socket_id: socketId, channel_name: channelName }).then((auth) => callback(null, auth), (error) => callback(error, null)),
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => void authorize({ socket_id: socketId }).then((auth) => callback(null, auth), (error) => callback(error, null)),
    },
  });
  try {
    client.signin();
    const channel = client.subscribe(settings.body.person_channel);
    await within(15_000, "subscription", new Promise<void>((resolve, reject) => {
      channel.bind("pusher:subscription_succeeded", () => resolve());
      channel.bind("pusher:subscription_error", (error: unknown) => reject(new Error(JSON.stringify(error))));
    }));
    check("a socket through Caddy (wss) subscribed, authorised by app-1", true);
    const boardId = (await call(site, "GET", "/api/me", board)).body.person.id as string;
    const event = within(15_000, "conversation-created", new Promise((resolve) => channel.bind("conversation-created", resolve)));
    const opened = await call(apps[1], "POST", "/api/messages", admin, { participants: [boardId], body: "Sent through app-2" });
    check("a message sent through app-2", opened.status === 201, opened);
    await event;
    check("  reached the socket (app-2 published to the realtime server on the compose network)", true);
  } finally {
    client.disconnect();
  }

  await recordingThroughWorker(admin);

  // Signing out deletes the session row; both processes check it on every request.
  await db().session.deleteMany({ where: { sessionToken: board } });
  for (const app of apps) {
    const after = await call(app, "GET", "/api/me", board);
    check(`a session ended in the database is refused by ${app} on the next request`, after.status === 401, after.status);
  }
  await disconnectDb();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.log(`FAIL ${(error as Error).message}`);
    process.exit(1);
  },
);
