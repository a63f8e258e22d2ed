/**
 * `npm start`: a small supervisor of the service's parts, each its own process:
 *
 *   database  embedded PGlite on loopback (scripts/database.ts), only when DATABASE_URL is unset
 *   realtime  the Pusher-protocol server (scripts/realtime.ts), unless PUSHER_* names a service
 *   app       Next.js behind the app's HTTP server (scripts/serve.ts, bundled to run without tsx)
 *   worker    the durable jobs (scripts/worker.ts): recording pipeline, clean-up, e-mail retries
 *
 * Between the database and the rest: migrations, the demo seed on first start, and the
 * production build when missing or stale. `--dev` serves with `next dev` instead.
 *
 * `--app` (`npm run app`) runs the app part alone, for scaling out: N of them on one PostgreSQL
 * server (DATABASE_URL), one realtime server (PUSHER_*: `npm run realtime` or a hosted service)
 * and one NEXTAUTH_SECRET, on a build made once beforehand (`npm run build`). Migrations and the
 * demo seed still run, each under an advisory lock, so processes may start together.
 *
 * A part that dies is started again with backoff (lib/supervisor/restart-policy.ts); one that
 * cannot come back stops the whole service, which exits 1 with the reason on stderr, rather
 * than keep answering errors. SIGINT/SIGTERM stop the parts, the app first.
 *
 * The app listens on loopback unless HOST is set; beyond loopback it needs BASE_URL, the
 * public origin every link is built from, and refuses to start without it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { authSecret } from "@/lib/auth/secret";
import { disconnectDb } from "@/lib/db/client";
import { urlFor as embeddedDatabaseUrl } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { DEMO, seedDemoIfEmpty } from "@/lib/districts/seed-demo";
import { env } from "@/lib/env";
import { reachableHost } from "@/lib/hosting/reachable-host";
import { hostingProblem, listenHost, serviceOrigin } from "@/lib/hosting/service-origin";
import { outboxEnabled } from "@/lib/mail/outbox";
import { realtimeMode, realtimeServerSettings } from "@/lib/realtime/config";
import { embeddedDatabasePort } from "@/lib/supervisor/database-port";
import { answersHttp, databaseAnswers } from "@/lib/supervisor/readiness";
import { appNodeFlags } from "@/lib/supervisor/app-node-flags";
import { bundleAppServer } from "@/lib/supervisor/app-server-bundle";
import { buildDir } from "@/lib/supervisor/build-dir";
import { spawnPart } from "@/lib/supervisor/spawn-part";
import { createSupervisor, type PartSpec } from "@/lib/supervisor/supervisor";
import { loggerFor } from "@/lib/logging/logger";

const dev = process.argv.includes("--dev");
const appOnly = process.argv.includes("--app");
// `npm run dev`: readable lines (pino-pretty) from the supervisor and every part it starts.
if (dev) process.env.LOG_FORMAT ??= "pretty";
const logger = loggerFor("supervisor");
const log = (line: string) => logger.info(line);
const nextBin = path.resolve("node_modules/next/dist/bin/next");

const service = createSupervisor({
  log,
  onGiveUp: (reason) => {
    logger.fatal(`the service stopped: ${reason}`);
    process.exit(1);
  },
});

/** Stops every part, then exits: a failure of the supervisor itself leaves nothing running. */
async function fail(what: string, error: unknown) {
  logger.fatal({ err: error }, what);
  await service.stop();
  process.exit(1);
}
process.on("uncaughtException", (error) => void fail("uncaught exception in the supervisor", error));
process.on("unhandledRejection", (error) => void fail("unhandled rejection in the supervisor", error));

async function stopOn(signal: NodeJS.Signals) {
  log(`${signal}: stopping`);
  await service.stop();
  process.exit(0);
}
process.on("SIGINT", stopOn);
process.on("SIGTERM", stopOn);

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** When the production build was made (0: none), and when the sources last changed. */
function buildState() {
  const buildId = path.resolve(buildDir(), "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = [
    "app",
    "pages",
    "components",
    "lib",
    "i18n",
    "messages",
    "public",
    "proxy.ts",
    "instrumentation.ts",
    "next.config.mjs",
    "package-lock.json",
  ].filter((d) => fs.existsSync(d));
  const changed = Math.max(...sources.map((d) => (fs.statSync(d).isDirectory() ? newestSourceChange(d) : fs.statSync(d).mtimeMs)));
  return { built, changed };
}

function buildIfNeeded() {
  const { built, changed } = buildState();
  if (built && built >= changed) return;
  log(built ? "sources changed since the last build: building…" : "first start: building the app (about a minute)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`next build failed (exit code ${result.status})`);
}

function databasePart(url: string): PartSpec {
  const port = new URL(url).port;
  return {
    name: "database",
    launch: () => spawnPart("scripts/database.ts", ["--port", port], process.env),
    ready: () => databaseAnswers(url),
    // Opening PGlite, and after a crash its recovery, takes seconds; a busy machine more.
    readyTimeoutMs: 120_000,
  };
}

function realtimePart(): PartSpec {
  // The embedded server's settings always name its host and port (lib/realtime/config.ts).
  const { host, port } = realtimeServerSettings() as { host: string; port: string };
  return {
    name: "realtime",
    launch: () => spawnPart("scripts/realtime.ts", [], process.env),
    ready: () => answersHttp(`http://${host}:${port}/health`),
    readyTimeoutMs: 30_000,
  };
}

/** What the app and the worker share: the database, the auth secret (for sign-in links in mail). */
const partEnv = (databaseUrl: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: databaseUrl,
  NEXTAUTH_SECRET: authSecret(),
  NEXT_TELEMETRY_DISABLED: "1",
  ...(dev ? {} : { NODE_ENV: "production" }),
});

function workerPart(databaseUrl: string): PartSpec {
  return { name: "worker", launch: () => spawnPart("scripts/worker.ts", [], partEnv(databaseUrl)) };
}

/** `server`: scripts/serve.ts, or its bundle (lib/supervisor/app-server-bundle.ts). */
function appPart(databaseUrl: string, server: string): PartSpec {
  return {
    name: "app",
    launch: () => spawnPart(server, dev ? ["--dev"] : [], partEnv(databaseUrl), dev ? [] : appNodeFlags()),
    // `next dev` compiles the route on the first request.
    ready: () => answersHttp(`http://${reachableHost(listenHost())}:${env().PORT}/api/health/live`, dev ? 60_000 : 5000),
    readyTimeoutMs: dev ? 300_000 : 120_000,
  };
}

/**
 * What the app part alone cannot do without (`--app`): every process it runs beside must share
 * the database, the realtime server, the secret and the build. Null when all are there.
 */
function appOnlyProblem(): string | null {
  if (dev) return "--app serves the production build; it does not combine with --dev";
  if (!env().DATABASE_URL) return "set DATABASE_URL to the PostgreSQL server every app process shares (the embedded database serves one process only)";
  if (realtimeMode() !== "service")
    return "set PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET and PUSHER_HOST/PUSHER_PORT (`npm run realtime`) or PUSHER_CLUSTER (Pusher Channels)";
  if (!env().NEXTAUTH_SECRET) return "set NEXTAUTH_SECRET, the same for every app process (sessions and sign-in links are signed with it)";
  if (!buildState().built) return "no production build: run `npm run build` once, then start every app process on it";
  return null;
}

async function main() {
  const problem = hostingProblem() ?? (appOnly ? appOnlyProblem() : null);
  if (problem) {
    logger.fatal(`not starting: ${problem}`);
    process.exit(1);
  }

  let databaseUrl = env().DATABASE_URL;
  if (!databaseUrl) {
    databaseUrl = embeddedDatabaseUrl(await embeddedDatabasePort(env().dataDir));
    if (!(await service.start(databasePart(databaseUrl)))) return;
    log(`embedded database in ${env().dataDir}/pglite`);
    // The parts learn that this database is served by one process (counters stay in memory).
    process.env.EMBEDDED_DATABASE = "1";
  }
  process.env.DATABASE_URL = databaseUrl;
  await migrate(databaseUrl, log);
  if (await seedDemoIfEmpty()) log(`seeded "${DEMO.district}"`);
  await disconnectDb();
  if (appOnly) {
    const { built, changed } = buildState();
    if (built < changed) log("warning: the sources changed after the production build; run `npm run build` again to serve them");
  } else if (!dev) buildIfNeeded();
  const server = dev ? "scripts/serve.ts" : ((await bundleAppServer(buildDir(), log)) ?? "scripts/serve.ts");

  // Started in this order, stopped in the reverse one. `npm run app` is the app alone: its
  // realtime server and workers run apart (npm run realtime, npm run worker).
  const parts = appOnly
    ? [appPart(databaseUrl, server)]
    : [...(realtimeMode() === "embedded" ? [realtimePart()] : []), workerPart(databaseUrl), appPart(databaseUrl, server)];
  for (const part of parts) if (!(await service.start(part))) return;

  const origin = serviceOrigin();
  log(`Credentials Administration Service on ${origin} (listening on ${listenHost()}:${env().PORT})`);
  log(`sign in at ${origin}/sign-in with ${DEMO.admin} (admin), ${DEMO.board}, ${DEMO.mentor} or ${DEMO.candidate}`);
  if (outboxEnabled()) log(`no SMTP_URL: sign-in e-mails land in the outbox at ${origin}/dev/outbox`);
  else if (!env().SMTP_URL) log(`no SMTP_URL: e-mails are kept in ${env().dataDir}/outbox; \`npm run admin -- session --email …\` mints a session`);
}

main().catch((error) => fail("could not start", error));
