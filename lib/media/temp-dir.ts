import "server-only";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Runs `work` with a fresh folder under the system's temp dir, removed afterwards whatever happens. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cas-audio-"));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
