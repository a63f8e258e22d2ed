/**
 * The production build a benchmark runs on: `next build` into its own dist dir, only when
 * the sources changed since the last one. `next build` with a custom distDir adds that folder
 * to tsconfig.json and next-env.d.ts; those files belong to the project, so they are put back
 * exactly as they were. BENCH_SKIP_TYPECHECK=1 builds in Next's two phases (compile, then
 * generate) without its type check, for when unfinished work elsewhere in the tree does not
 * type-check yet.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = ["app", "components", "lib", "i18n", "messages", "public", "proxy.ts", "next.config.mjs", "package-lock.json"];
const TOUCHED_BY_NEXT = ["tsconfig.json", "next-env.d.ts"];

function newestChange(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (entry.name === "generated" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestChange(path.join(p, entry.name)));
  }
  return newest;
}

/** `root`: the checkout to build (default: this one; bench/load.ts's --baseline builds another). */
export async function buildIfStale(distDir: string, log: (line: string) => void, root = process.cwd()): Promise<void> {
  const at = (p: string) => path.resolve(root, p);
  const buildId = path.join(at(distDir), "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((p) => newestChange(at(p))));
  if (built && built >= changed) return log(`production build in ${at(distDir)} is up to date`);

  log(`production build into ${at(distDir)}…`);
  const started = Date.now();
  const before = new Map(TOUCHED_BY_NEXT.map((f) => [at(f), fs.existsSync(at(f)) ? fs.readFileSync(at(f), "utf8") : null]));
  const { DATABASE_URL: _unused, ...env } = process.env;
  const next = (args: string[]) =>
    new Promise<number>((resolve) => {
      const proc = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build", ...args], {
        cwd: root,
        env: { ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
        stdio: "inherit",
      });
      proc.on("exit", (c) => resolve(c ?? 1));
    });
  let code: number;
  if (process.env.BENCH_SKIP_TYPECHECK === "1") {
    code = await next(["--experimental-build-mode", "compile"]);
    if (code === 0) code = await next(["--experimental-build-mode", "generate"]);
  } else code = await next([]);
  for (const [file, content] of before) if (content !== null) fs.writeFileSync(file, content);
  if (code !== 0) throw new Error(`next build failed (exit ${code})`);
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
