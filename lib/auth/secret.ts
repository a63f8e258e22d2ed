import "server-only";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

let cached: string | undefined;

/** NEXTAUTH_SECRET, else a random secret made once and kept in DATA_DIR (embedded setups). */
export function authSecret(): string {
  if (cached) return cached;
  const fromEnv = env().NEXTAUTH_SECRET;
  if (fromEnv) return (cached = fromEnv);
  const file = path.join(env().dataDir, "auth-secret");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return (cached = fs.readFileSync(file, "utf8").trim());
}
