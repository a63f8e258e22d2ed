/**
 * The app as `npm start` runs it, for `npm run bench:api`: database (embedded PGlite under
 * DATA_DIR, owned by THIS process, or DATABASE_URL) → migrations → demo seed → the app server
 * (bundled, as npm start runs it) on the production build in NEXT_DIST_DIR, which bench/api.ts
 * has built beforehand.
 *
 * Same steps as scripts/start.ts, without its build check: that one looks at .next/BUILD_ID
 * whatever NEXT_DIST_DIR says, so with a stale .next it would rebuild into the bench's folder.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { authSecret } from "@/lib/auth/secret";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { seedDemoIfEmpty } from "@/lib/districts/seed-demo";
import { env } from "@/lib/env";
import { appNodeFlags } from "@/lib/supervisor/app-node-flags";
import { bundleAppServer } from "@/lib/supervisor/app-server-bundle";
import { withMallocTunables } from "@/lib/supervisor/malloc-tunables";
import { scriptArgs } from "@/lib/supervisor/node-args";

const log = (line: string) => console.log(`[bench app] ${line}`);

async function main() {
  const { PORT } = env();
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(distDir, "BUILD_ID"))) throw new Error(`no production build in ${distDir}`);
  const db = await prepareDatabase(log);
  if (await seedDemoIfEmpty()) log("seeded the demo district");
  await disconnectDb();

  // BENCH_NEXT_NODE_ARGS: extra node flags for next-server (bench/api.ts's --cpu-prof).
  const nodeArgs = (process.env.BENCH_NEXT_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const partEnv: NodeJS.ProcessEnv = withMallocTunables({
    ...process.env,
    DATABASE_URL: db.url,
    NEXTAUTH_SECRET: authSecret(),
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
  });
  const server = (await bundleAppServer(distDir, log)) ?? "scripts/serve.ts";
  const child = spawn(process.execPath, [...nodeArgs, ...appNodeFlags(), ...scriptArgs(server)], { stdio: "inherit", env: partEnv });
  const worker = spawn(process.execPath, scriptArgs("scripts/worker.ts"), { stdio: "inherit", env: partEnv });
  log(`the app on port ${PORT}, server pid ${child.pid}, worker pid ${worker.pid}`);

  const stop = (signal: NodeJS.Signals) => {
    worker.kill(signal);
    child.kill(signal);
  };
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
