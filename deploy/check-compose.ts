/**
 * What `deploy/check-compose.sh` checks once compose.yaml's services are up, from a container on
 * their network (so it reaches Caddy by the public names, and app-1 and app-2 by theirs), with
 * Caddy's own CA trusted (NODE_EXTRA_CA_CERTS): TLS is verified, not skipped.
 *
 *   docker compose run --rm worker deploy/check-compose.ts [--failover <seconds> | --outage <seconds> | --pipeline]
 *   (the image's entry point is node with tsx; see check-compose.sh for the volumes and variables it needs)
 *
 * Each check prints one line; the first that fails stops the run with exit code 1.
 * --failover: only sends requests through Caddy for that long and counts those not answered 200,
 * while the script crashes one app process and stops the other.
 * --outage: signed-in reads through Caddy for that long while the script stops and starts PostgreSQL:
 * every answer must be 200 or 503 `unavailable`/`overloaded` (never a 500), the last 10 s all 200.
 * --pipeline: only the recording check (the worker runs jobs).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createSessionFor } from "@/lib/auth/create-session";
import { db, disconnectDb } from "@/lib/db/client";
import { cut, liveWebm } from "@/tests/helpers/live-webm";
import { nextEvent, subscribe, untilConnected } from "@/tests/helpers/realtime";
import { callService as call, realtimeClientSignedBy } from "@/tests/helpers/remote-service";

const site = `https://${required("CAS_DOMAIN")}`;
const apps = ["http://app-1:3000", "http://app-2:3000"];
const WAIT_MS = 15_000;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function check(what: string, ok: boolean, detail?: unknown) {
  if (!ok) {
    console.log(`FAIL ${what}${detail === undefined ? "" : `: ${typeof detail === "string" ? detail : JSON.stringify(detail)}`}`);
    process.exit(1);
  }
  console.log(`ok   ${what}`);
}

/** A session minted in the shared database, as `npm run admin -- session` does. */
const sessionOf = async (email: string) => (await createSessionFor(email))!.token;

/**
 * GET `url` through Caddy every 50 ms for `seconds`: how often each outcome came (a status and
 * error code, or the network error), the ones `acceptable` refuses, and when the last non-200 was.
 */
async function probe(seconds: number, url: string, token: string | undefined, acceptable: (status: number, code?: string) => boolean) {
  const until = Date.now() + seconds * 1000;
  const seen = new Map<string, number>();
  const wrong: string[] = [];
  let lastFailureAt = 0;
  while (Date.now() < until) {
    let outcome: string;
    try {
      const res = await call(site, "GET", url, token);
      const code = res.body?.error?.code as string | undefined;
      outcome = `${res.status} ${code ?? ""}`.trim();
      if (!acceptable(res.status, code)) wrong.push(outcome);
    } catch (error) {
      outcome = (error as Error).message;
      wrong.push(outcome);
    }
    if (outcome !== "200") lastFailureAt = Date.now();
    seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    await sleep(50);
  }
  const tally = [...seen].map(([outcome, count]) => `${count}× ${outcome}`).join(", ");
  return { tally, wrong, quietForMs: until - lastFailureAt };
}

async function failover(seconds: number) {
  const { tally, wrong } = await probe(seconds, "/api/health/live", undefined, (status) => status === 200);
  check(`through Caddy meanwhile: ${tally}`, wrong.length === 0, wrong.slice(0, 5));
}

async function outage(seconds: number) {
  const admin = await sessionOf("admin@demo.test");
  // Refused for the database's absence, with Retry-After, is right; a 500 or no answer is not.
  const refusal = (status: number, code?: string) => status === 200 || (status === 503 && (code === "unavailable" || code === "overloaded"));
  const { tally, wrong, quietForMs } = await probe(seconds, "/api/me", admin, refusal);
  check(`signed-in reads through Caddy while PostgreSQL was down and back: ${tally}`, wrong.length === 0, wrong.slice(0, 5));
  check("  all answered 200 again within the run (the last 10 s)", quietForMs > 10_000, `last failure ${Math.round(quietForMs / 1000)} s before the end`);
}

/** A recording as the browser sends it (a live WebM, in chunks) to app-1, finalized on app-2 without waiting; the worker runs the steps. */
async function recordingThroughWorker(admin: string) {
  const interview = (await call(site, "GET", "/api/interviews", admin)).body[0] as { id: string; person_id: string };
  const recordingId = `compose-${Date.now()}`;
  for (const [i, bytes] of cut(await liveWebm(4), 3).entries()) {
    const chunk = new FormData();
    chunk.set("recordingId", recordingId);
    chunk.set("chunkNumber", String(i + 1));
    chunk.set("audio", new File([new Uint8Array(bytes)], `chunk-${i + 1}.webm`, { type: "audio/webm;codecs=opus" }));
    const sent = await call(apps[0], "POST", "/api/audio/capture", admin, chunk);
    if (sent.status !== 200) check(`chunk ${i + 1} to app-1`, false, sent);
  }
  check("a recording's 3 chunks uploaded to app-1", true);
  const finalize = await call(
    apps[1],
    "POST",
    "/api/audio/finalize",
    admin,
    { recordingId, personId: interview.person_id, interviewId: interview.id, name: { en: "Compose check" } },
    { prefer: "respond-async" },
  );
  check("  finalize asked of app-2 (Prefer: respond-async)", finalize.status === 202, finalize);
  const settled = (state: string) => state === "done" || state === "skipped";
  let status: { url: string; steps: { step: string; state: string }[] } = { url: "", steps: [] };
  for (const until = Date.now() + 180_000; Date.now() < until; await sleep(1000)) {
    status = (await call(site, "GET", `/api/audio/recordings/${recordingId}`, admin)).body;
    if (status.steps.length && status.steps.every((s) => settled(s.state) || s.state === "failed")) break;
  }
  const { steps } = status;
  check(`  the worker ran its steps: ${steps.map((s) => `${s.step} ${s.state}`).join(", ")}`, steps.length >= 3 && steps.every((s) => settled(s.state)), steps);
  const file = await fetch(new URL(new URL(status.url).pathname, apps[0]), { headers: { authorization: `Bearer ${admin}` } });
  check("  the finished file is served by app-1", file.status === 200 && file.headers.get("content-type") === "audio/webm", file.status);
}

/** Realtime as a browser gets it: the settings the app hands out (REALTIME_PUBLIC_URL), the socket through Caddy, signed by app-1, an event published by app-2. */
async function realtimeThroughCaddy(admin: string, board: string) {
  const settings = await call(site, "GET", "/api/realtime", board);
  check(
    `realtime settings point browsers at wss://${settings.body?.wsHost}:${settings.body?.wssPort}`,
    settings.status === 200 && settings.body.wsHost === process.env.REALTIME_DOMAIN && settings.body.forceTLS === true,
    settings.body,
  );
  const client = realtimeClientSignedBy(apps[0], board, settings.body);
  try {
    client.signin();
    await untilConnected(client, WAIT_MS);
    const channel = await subscribe(client, settings.body.person_channel, WAIT_MS);
    check("a socket through Caddy (wss) subscribed, authorised by app-1", true);
    const boardId = (await call(site, "GET", "/api/me", board)).body.person.id as string;
    const event = nextEvent(channel, "conversation-created", WAIT_MS);
    const opened = await call(apps[1], "POST", "/api/messages", admin, { participants: [boardId], body: "Sent through app-2" });
    check("a message sent through app-2", opened.status === 201, opened);
    await event;
    check("  reached the socket (app-2 published to the realtime server on the compose network)", true);
  } finally {
    client.disconnect();
  }
}

async function everything() {
  const live = await call(site, "GET", "/api/health/live");
  check(`${site}/api/health/live answers over TLS, through Caddy`, live.status === 200, live);

  const admin = await sessionOf("admin@demo.test");
  const board = await sessionOf("board@demo.test");
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

  await realtimeThroughCaddy(admin, board);
  await recordingThroughWorker(admin);

  check("a session signed out on app-1", (await call(apps[0], "DELETE", "/api/me", board)).status === 200);
  for (const app of apps) {
    const after = await call(app, "GET", "/api/me", board);
    check(`  is refused by ${app} on the next request`, after.status === 401, after.status);
  }
}

async function main() {
  const [mode, seconds] = process.argv.slice(2);
  if (mode === "--failover") await failover(Number(seconds));
  else if (mode === "--outage") await outage(Number(seconds));
  else if (mode === "--pipeline") await recordingThroughWorker(await sessionOf("admin@demo.test"));
  else await everything();
  await disconnectDb();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.log(`FAIL ${(error as Error).message}`);
    process.exit(1);
  },
);
