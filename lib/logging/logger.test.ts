import { describe, expect, it } from "vitest";
import type { Ctx } from "@/lib/auth/context";
import { runWithRequestContext } from "@/lib/http/request-context";
import { captureLogs } from "@/tests/helpers/log-capture";
import { loggerFor } from "./logger";

const log = loggerFor("test");

function logged(work: () => void) {
  const logs = captureLogs();
  try {
    work();
  } finally {
    logs.restore();
  }
  return logs.lines;
}

const person = {
  districtId: "district-1",
  origin: "http://localhost:3000",
  actor: { type: "person", personId: "person-1", language: "en", kinds: new Set(), permissions: new Set(), sessionToken: "a".repeat(64), sessionExpiresAt: 0 },
} as unknown as Ctx;

describe("the logger", () => {
  it("writes one JSON object a line, with its part, level, time and component", () => {
    const [line] = logged(() => log.info("hello"));
    expect(line).toMatchObject({ level: 30, msg: "hello", component: "test", pid: process.pid });
    expect(typeof line.part).toBe("string");
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
  });

  it("adds what the work is part of: request id, district, actor, job; never the session", () => {
    const lines = logged(() => {
      runWithRequestContext({ requestId: "r-1", ctx: person }, () => log.info("in a request"));
      runWithRequestContext({ requestId: "r-2", job: { id: "j-1", queue: "mail-send" } }, () => log.warn("in a job"));
      log.info("outside");
    });
    expect(lines[0]).toMatchObject({ requestId: "r-1", districtId: "district-1", actorId: "person:person-1" });
    expect(lines[1]).toMatchObject({ requestId: "r-2", jobId: "j-1", queue: "mail-send" });
    expect(lines[2]).not.toHaveProperty("requestId");
    expect(JSON.stringify(lines)).not.toContain("a".repeat(64));
  });

  it("redacts secret fields, at the top and one level down, whatever is logged", () => {
    const [line] = logged(() =>
      log.error(
        { token: "t-123456", password: "p", headers: { authorization: "Bearer x", cookie: "c" }, mail: { secret: "s", to: "x" }, body: { a: 1 } },
        "careless",
      ),
    );
    expect(line).toMatchObject({
      token: "[redacted]",
      password: "[redacted]",
      headers: { authorization: "[redacted]", cookie: "[redacted]" },
      mail: { secret: "[redacted]", to: "x" },
      body: "[redacted]",
    });
  });

  it("logs an error with its stack", () => {
    const [line] = logged(() => log.error({ err: new Error("broken") }, "failed"));
    expect(line.err).toMatchObject({ type: "Error", message: "broken" });
    expect((line.err as { stack: string }).stack).toMatch(/^Error: broken\n\s+at /);
  });
});
