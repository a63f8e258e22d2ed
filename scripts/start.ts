/**
 * `npm start`: database (embedded by default) → migrations → demo seed on first start →
 * production build when missing or stale → the embedded Pusher-protocol server (unless
 * PUSHER_* names a service) → the app's server (scripts/serve.ts). `--dev` serves with
 * `next dev` instead.
 *
 * The app listens on loopback unless HOST is set; beyond loopback it needs BASE_URL, the
 * public origin every link is built from, and refuses to start without it.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { authSecret } from "@/lib/auth/secret";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { DEMO, seedDemoIfEmpty } from "@/lib/districts/seed-demo";
import { env } from "@/lib/env";
import { hostingProblem, listenHost, serviceOrigin } from "@/lib/hosting/service-origin";
import { outboxEnabled } from "@/lib/mail/outbox";
import { embeddedRealtimeServerOptions, realtimeMode } from "@/lib/realtime/config";
import { startEmbeddedRealtimeServer } from "@/lib/realtime/embedded-server";

const dev = process.argv.includes("--dev");
const log = (line: string) => console.log(`[cas] ${line}`);
const nextBin = path.resolve("node_modules/next/dist/bin/next");

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const buildId = path.resolve(process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = ["app", "pages", "components", "lib", "i18n", "messages", "public", "proxy.ts", "instrumentation.ts", "next.config.mjs", "package-lock.json"].filter((d) => fs.existsSync(d));
  const changed = Math.max(...sources.map((d) => (fs.statSync(d).isDirectory() ? newestSourceChange(d) : fs.statSync(d).mtimeMs)));
  if (built && built >= changed) return;
  log(built ? "sources changed since the last build: building…" : "first start: building the app (about a minute)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const problem = hostingProblem();
  if (problem) {
    console.error(`[cas] not starting: ${problem}`);
    process.exit(1);
  }
  const db = await prepareDatabase(log);
  if (await seedDemoIfEmpty()) log(`seeded "${DEMO.district}"`);
  await disconnectDb();
  if (!dev) buildIfNeeded();

  // In this process, beside the database: the app's processes reach it with the credentials
  // kept in DATA_DIR/realtime.json (lib/realtime/config.ts).
  const realtime = realtimeMode() === "embedded" ? await startEmbeddedRealtimeServer(embeddedRealtimeServerOptions()) : null;
  if (realtime) log(`realtime (Pusher protocol) on ${listenHost()}:${realtime.port}`);

  const origin = serviceOrigin();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", ...(dev ? ["--dev"] : [])], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      NEXTAUTH_SECRET: authSecret(),
      NEXT_TELEMETRY_DISABLED: "1",
      ...(dev ? {} : { NODE_ENV: "production" }),
    },
  });
  log(`Credentials Administration Service on ${origin} (listening on ${listenHost()}:${env().PORT})`);
  log(`sign in at ${origin}/sign-in with ${DEMO.admin} (admin), ${DEMO.board}, ${DEMO.mentor} or ${DEMO.candidate}`);
  if (outboxEnabled()) log(`no SMTP_URL: sign-in e-mails land in the outbox at ${origin}/dev/outbox`);
  else if (!env().SMTP_URL) log(`no SMTP_URL: e-mails are kept in ${env().dataDir}/outbox; \`npm run admin -- session --email …\` mints a session`);

  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", async (code) => {
    await realtime?.close();
    await db.close();
    process.exit(code ?? 0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
