/**
 * `npm start`: database (embedded by default) → migrations → demo seed on first start →
 * production build when missing or stale → `next start`. `--dev` runs `next dev` instead.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { authSecret } from "@/lib/auth/secret";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { DEMO, seedDemoIfEmpty } from "@/lib/districts/seed-demo";
import { env } from "@/lib/env";
import { outboxEnabled } from "@/lib/mail/outbox";

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
  const changed = Math.max(...["app", "components", "lib", "public"].filter((d) => fs.existsSync(d)).map(newestSourceChange));
  if (built && built >= changed) return;
  log(built ? "sources changed since the last build: building…" : "first start: building the app (about a minute)…");
  const result = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const { PORT } = env();
  const db = await prepareDatabase(log);
  if (await seedDemoIfEmpty()) log(`seeded "${DEMO.district}"`);
  await disconnectDb();
  if (!dev) buildIfNeeded();

  const baseUrl = env().BASE_URL ?? `http://localhost:${PORT}`;
  const child = spawn(process.execPath, [nextBin, dev ? "dev" : "start", "-p", String(PORT)], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? baseUrl,
      NEXTAUTH_SECRET: authSecret(),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  log(`Credentials Administration Service on ${baseUrl}`);
  log(`sign in at ${baseUrl}/sign-in with ${DEMO.admin} (admin), ${DEMO.board}, ${DEMO.mentor} or ${DEMO.candidate}`);
  if (outboxEnabled()) log(`no SMTP_URL: sign-in e-mails land in the outbox at ${baseUrl}/dev/outbox`);

  const stop = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", async (code) => {
    await db.close();
    process.exit(code ?? 0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
