import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";
import { BACKUP_NICE } from "./yield-cpu";

/**
 * In a process of its own (a nice value, once lowered, stays lowered): every thread it has, a
 * thread it makes afterwards (libuv's pool, started by the first asynchronous file read), and a
 * child it spawns (as pg_dump is) run at BACKUP_NICE.
 */
const probe = `
import fs from "node:fs";
import os from "node:os";
import { execFileSync } from "node:child_process";
const { yieldCpuToService } = await import("./lib/backup/yield-cpu.ts");
const niceOf = () => fs.readdirSync("/proc/self/task").map((t) => os.getPriority(Number(t)));
const before = niceOf();
yieldCpuToService();
const after = niceOf();
await fs.promises.readFile("package.json");
const later = niceOf();
const child = Number(execFileSync("sh", ["-c", "ps -o ni= -p $$"]).toString());
console.log(JSON.stringify({ before, after, later, child }));
`;

it("lowers every thread's priority, and what the process starts later inherits it", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [...SERVER_NODE_ARGS, "--input-type=module", "-e", probe]);
  const { before, after, later, child } = JSON.parse(stdout) as { before: number[]; after: number[]; later: number[]; child: number };
  expect(before.every((n) => n < BACKUP_NICE)).toBe(true);
  expect(after.length).toBeGreaterThan(1);
  expect(new Set(after)).toEqual(new Set([BACKUP_NICE]));
  expect(new Set(later)).toEqual(new Set([BACKUP_NICE]));
  expect(child).toBe(BACKUP_NICE);
});
