import "server-only";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { down, up, type PartHealth } from "./part-health";

/** Blob: its token is set (every upload would tell otherwise). Local: DATA_DIR/files exists (or can) and is writable. */
export async function checkStorage(): Promise<PartHealth> {
  if (env().BLOB_READ_WRITE_TOKEN) return up("Blob token configured");
  const check = "files folder writable";
  try {
    const dir = path.join(env().dataDir, "files");
    await fs.promises.mkdir(dir, { recursive: true });
    await fs.promises.access(dir, fs.constants.W_OK);
    return up(check);
  } catch (error) {
    return down(check, error);
  }
}
