import "server-only";
import fs from "node:fs";
import path from "node:path";
import { build, stop, type Plugin } from "esbuild";

const ENTRY = "scripts/serve.ts";

/** `server-only` is what it says: these modules are the server. */
const serverOnlyIsServer: Plugin = {
  name: "server-only",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
  },
};

/**
 * The production app server (scripts/serve.ts and the few modules it imports) as one JavaScript
 * file in the build's folder, so that it runs on plain Node. Through tsx it also carries tsx's
 * loader thread, a JavaScript heap of its own: about 40 MB of the process's memory. Packages stay
 * imports of node_modules, as under tsx (Next.js keeps its build inside the project, so they
 * resolve from there). Written at every start, as it takes esbuild some 30 ms and nothing can be
 * stale, through a rename, as several app processes may start from one build at once. Null, with
 * the reason logged, when esbuild fails: the server then runs through tsx, as in development.
 */
export async function bundleAppServer(distDir: string, log: (line: string) => void, entry = ENTRY): Promise<string | null> {
  const out = path.resolve(distDir, "cas-server", "serve.mjs");
  try {
    const result = await build({
      entryPoints: [path.resolve(entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      plugins: [serverOnlyIsServer],
      write: false,
      logLevel: "silent",
    });
    fs.mkdirSync(path.dirname(out), { recursive: true });
    const temporary = `${out}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, result.outputFiles[0].contents);
    fs.renameSync(temporary, out);
    return out;
  } catch (error) {
    log(`could not bundle ${entry} (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); running it through tsx`);
    return null;
  } finally {
    // esbuild's service process would otherwise stay beside the supervisor for its whole life.
    await stop();
  }
}
