/**
 * A part of the service that breaks once, for lib/supervisor/part-process.test.ts: it loads
 * lib/supervisor/part-process.ts first, as every part does, writes its pid to `marker` (then it
 * counts as ready), and on its first start fails a moment later, by an uncaught exception
 * (`throw`) or an unhandled rejection (`reject`). Later starts keep running.
 *
 *   node --import tsx --import ./scripts/server-only-stub.mjs tests/helpers/crashing-part-child.ts throw|reject <marker file>
 */
import "@/lib/supervisor/part-process";
import fs from "node:fs";

const [how, marker] = process.argv.slice(2);
const first = !fs.existsSync(marker);
fs.appendFileSync(marker, `${process.pid}\n`);

function breakDown() {
  if (how === "throw") throw new Error("the part broke (uncaught)");
  void Promise.reject(new Error("the part broke (rejected)"));
}

if (first) setTimeout(breakDown, 100);
setInterval(() => undefined, 1000);
