import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { admissionLoad } from "@/lib/http/admission";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * A burst larger than the process takes: every answer is a success or a 503 `overloaded` with
 * Retry-After (never a 500), a refused request wrote nothing, and the gate is empty afterwards.
 */
const SETTINGS = { MAX_ACTIVE_REQUESTS: "2", MAX_QUEUED_REQUESTS: "4", MAX_QUEUE_WAIT_MS: "20000" };
let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("Overload");
  Object.assign(process.env, SETTINGS);
  resetEnvCache();
});

afterAll(() => {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetEnvCache();
});

describe("a burst of writers", () => {
  it("gets 201s and 503s with Retry-After, no 500; exactly the admitted ones are written", async () => {
    const emails = Array.from({ length: 40 }, (_, i) => uniqueEmail(`burst${i}`));
    const answers = await Promise.all(emails.map((email) => api.post("/api/people", d.admin.token, { first: "Burst", last: "Writer", email })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 503), statuses.join(",")).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(6);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body.error.code).toBe("overloaded");
      expect(answer.headers.get("retry-after")).toBe("1");
    }
    const written = await db().person.findMany({ where: { districtId: d.id, first: "Burst" }, select: { email: true } });
    const admitted = emails.filter((_, i) => statuses[i] === 201);
    expect(written.map((p) => p.email).sort()).toEqual(admitted.sort());
    expect(admissionLoad()).toEqual({ active: 0, waiting: 0 });
  }, 60_000);

  it("a request that waits too long in line is refused, and the line moves on", async () => {
    Object.assign(process.env, { MAX_ACTIVE_REQUESTS: "1", MAX_QUEUE_WAIT_MS: "0" });
    resetEnvCache();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get("/api/people", d.admin.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 503, 503, 503, 503]);
    Object.assign(process.env, SETTINGS);
    resetEnvCache();
    expect((await api.get("/api/people", d.admin.token)).status).toBe(200);
  });
});
