import "server-only";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The full path of an executable found on PATH, or null. PATH is the system's program lookup,
 * not a setting of this service, which is why it is read here rather than through env().
 */
export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return fs.realpathSync(candidate);
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Runs a program and returns its standard output; throws with its last error words on failure. */
export function runProgram(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim().slice(-1000) || "no message"}`));
    });
  });
}
