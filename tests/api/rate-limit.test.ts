import { beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

// Each test file runs in its own worker, so this budget applies to this file only.
process.env.API_KEY_RATE_LIMIT_PER_MINUTE = "5";
resetEnvCache();

let d: TestDistrict;
beforeAll(async () => {
  d = await makeDistrict("Rate limit");
});

describe("per-key rate limit", () => {
  it("answers 429 rate_limited with Retry-After once a key has spent its budget for the minute", async () => {
    const { key } = await d.addKey(["read:people"]);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api.get("/api/people", key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await api.get("/api/people", key);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.body.error.message).toMatch(/Too many requests/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts each key on its own, and never limits a signed-in session", async () => {
    const [first, second] = await Promise.all([d.addKey(["read:people"]), d.addKey(["read:people"])]);
    for (let i = 0; i < 5; i++) await api.get("/api/people", first.key);
    expect((await api.get("/api/people", first.key)).status).toBe(429);
    expect((await api.get("/api/people", second.key)).status).toBe(200);
    for (let i = 0; i < 8; i++) expect((await api.get("/api/people", d.admin.token)).status).toBe(200);
  });
});
