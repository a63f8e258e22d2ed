import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withTimeout } from "@/tests/helpers/realtime";
import { SERVER_NODE_ARGS } from "./node-args";
import { createSupervisor } from "./supervisor";

/**
 * A real part process (tests/helpers/crashing-part-child.ts, which loads part-process.ts as every
 * part does) under the real supervisor: an uncaught exception and an unhandled rejection are each
 * logged with their stack, end the process, and the supervisor starts it again.
 */
describe("an uncaught error in a part", () => {
  it.each([
    ["throw", "uncaught exception", "the part broke (uncaught)"],
    ["reject", "unhandled promise rejection", "the part broke (rejected)"],
  ])(
    "%s: logged with its stack, the part exits 1 and is restarted",
    async (how, kind, message) => {
      const marker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cas-part-")), "pids");
      const log: string[] = [];
      let stderr = "";
      let current: ChildProcess | undefined;
      const supervisor = createSupervisor({ log: (line) => log.push(line), onGiveUp: (reason) => log.push(`gave up: ${reason}`), probeIntervalMs: 20 });
      const spec = {
        name: "fixture",
        launch: () => {
          const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "tests/helpers/crashing-part-child.ts", how, marker], {
            stdio: ["ignore", "ignore", "pipe", "ipc"],
          });
          child.stderr!.on("data", (chunk) => (stderr += chunk));
          current = child;
          return child;
        },
        ready: async () => fs.existsSync(marker) && fs.readFileSync(marker, "utf8").split("\n").includes(String(current?.pid)),
      };
      try {
        expect(await supervisor.start(spec)).toBe(true);
        await withTimeout(
          (async () => {
            while (!log.includes("fixture: back")) await new Promise((resolve) => setTimeout(resolve, 20));
          })(),
          30_000,
          "the restarted part",
        );
        // One JSON line (lib/logging/logger.ts), with the error's stack.
        const line = stderr
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l))
          .find((l) => l.msg === `${kind}; exiting so that it is restarted`);
        expect(line).toMatchObject({ level: 60, part: "crashing-part-child", err: { message } });
        expect(line.err.stack).toMatch(/\n\s+at (Timeout\.)?breakDown \(.*crashing-part-child\.ts:\d+:\d+\)/);
        expect(log.join("\n")).toMatch(/fixture: died \(exit code 1\); restarting in 0\.25 s/);
        expect(fs.readFileSync(marker, "utf8").trim().split("\n")).toHaveLength(2);
        expect(log.filter((line) => line.startsWith("gave up"))).toEqual([]);
      } finally {
        await supervisor.stop();
      }
    },
    60_000,
  );
});
