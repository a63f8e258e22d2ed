import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { EVENT_TYPES } from "@/lib/webhooks/event-types.shared";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * /api/webhooks: managing endpoints (secrets shown once, validation, the SSRF rules at
 * creation), who may (401, 403, another district's ids are 404). Deliveries themselves:
 * webhooks-delivery.test.ts.
 */

let d: TestDistrict;
let other: TestDistrict;

const withHosts = (hosts: string | undefined) => {
  if (hosts === undefined) delete process.env.WEBHOOK_URL_HOSTS;
  else process.env.WEBHOOK_URL_HOSTS = hosts;
  resetEnvCache();
};

beforeAll(async () => {
  withHosts(undefined);
  [d, other] = await Promise.all([makeDistrict("Webhooks"), makeDistrict("Webhooks elsewhere")]);
});

afterAll(() => withHosts(undefined));

const endpoint = (extra: Record<string, unknown> = {}) => ({
  url: "https://sis.district.invalid/hooks/cas",
  event_types: ["person.created", "interview.published"],
  ...extra,
});

describe("POST /api/webhooks", () => {
  it("creates an endpoint: its secret is shown once, kept encrypted, never listed", async () => {
    const res = await api.post("/api/webhooks", d.admin.token, endpoint({ description: "Student information system" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: "https://sis.district.invalid/hooks/cas",
      description: "Student information system",
      event_types: ["person.created", "interview.published"],
      enabled: 1,
      disabled_reason: null,
      previous_secret_expires_at: null,
    });
    // whsec_ + base64 of 32 random bytes.
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(res.body.secret.slice(6), "base64")).toHaveLength(32);

    const stored = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(JSON.stringify(stored)).not.toContain(res.body.secret.slice(6));
    const listed = (await api.get("/api/webhooks", d.admin.token)).body.find((e: { id: string }) => e.id === res.body.id);
    const { secret: _secret, ...withoutSecret } = res.body;
    expect(listed).toEqual(withoutSecret);
    expect((await api.get(`/api/webhooks/${res.body.id}`, d.admin.token)).body).toEqual(withoutSecret);
  });

  it("refuses unknown event types, none, and malformed or credentialed URLs (400 naming the field)", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [endpoint({ event_types: ["person.exploded"] }), "event_types.0"],
      [endpoint({ event_types: [] }), "event_types"],
      [endpoint({ url: "not a url" }), "url"],
      [endpoint({ url: "ftp://sis.district.invalid/x" }), "url"],
      [endpoint({ url: "https://user:pass@sis.district.invalid/x" }), "url"],
      [endpoint({ url: "https://sis.district.invalid/x#part" }), "url"],
      [endpoint({ url: `https://sis.district.invalid/${"x".repeat(2000)}` }), "url"],
    ];
    for (const [body, path] of cases) {
      const res = await api.post("/api/webhooks", d.admin.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.body.error.details.map((x: { path: string }) => x.path)).toContain(path);
    }
  });

  it("SSRF: loopback, private, link-local and plain-http URLs are 400 at creation unless the operator allows the host", async () => {
    const refused = [
      "https://127.0.0.1/hook",
      "https://127.1.2.3/hook",
      "https://10.0.0.5/hook",
      "https://192.168.1.10/hook",
      "https://172.20.0.1/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[fd00::1]/hook",
      "https://0.0.0.0/hook",
      "https://2130706433/hook", // 127.0.0.1 written as a number
      "https://localhost/hook",
      "https://localhost./hook",
      "https://api.localhost/hook",
      "http://sis.district.invalid/hook", // people's records over plain http
    ];
    for (const url of refused) {
      const res = await api.post("/api/webhooks", d.admin.token, endpoint({ url }));
      expect(res.status, url).toBe(400);
      expect(res.body.error.details[0].path, url).toBe("url");
    }
    // Allowed by the operator: the same loopback host, even over http.
    withHosts("127.0.0.1,localhost");
    try {
      for (const url of ["http://127.0.0.1:8080/hook", "https://localhost/hook"]) {
        expect((await api.post("/api/webhooks", d.admin.token, endpoint({ url }))).status, url).toBe(201);
      }
      expect((await api.post("/api/webhooks", d.admin.token, endpoint({ url: "https://10.0.0.5/hook" }))).status).toBe(400);
    } finally {
      withHosts(undefined);
    }
  });

  it("offers every event type of the issue", () => {
    expect(EVENT_TYPES).toEqual([
      "person.created",
      "person.updated",
      "person.archived",
      "person.deleted",
      "person.erased",
      "interview.created",
      "interview.updated",
      "interview.published",
      "interview.deleted",
      "recording.finalized",
      "recording.transcribed",
      "recording.summarized",
      "recording.deleted",
      "scorecard.submitted",
      "key.revoked",
    ]);
  });

  it("never more than its owner may read: interview and recording events need someone who sees every interview (403)", async () => {
    const settingsOnly = await d.addPersonWith(["settings"]);
    for (const types of [["interview.created"], ["recording.transcribed"], ["person.created", "interview.deleted"]]) {
      const res = await api.post("/api/webhooks", settingsOnly.token, endpoint({ event_types: types }));
      expect(res.status, types.join()).toBe(403);
    }
    const people = await api.post("/api/webhooks", settingsOnly.token, endpoint({ event_types: ["person.updated", "key.revoked"] }));
    expect(people.status).toBe(201);
    expect((await api.patch(`/api/webhooks/${people.body.id}`, settingsOnly.token, { event_types: ["interview.updated"] })).status).toBe(403);
    const editor = await d.addPersonWith(["settings", "interviews:edit"]);
    expect((await api.post("/api/webhooks", editor.token, endpoint({ event_types: ["interview.updated"] }))).status).toBe(201);
  });
});

describe("an endpoint's events bound who may change it", () => {
  const evil = "https://attacker.example.org/collect";

  it("someone with only the settings permission cannot point an admin's interview endpoint elsewhere, nor switch, rotate, test, replay, redeliver or delete it (403); it stays as it was", async () => {
    const settingsOnly = await d.addPersonWith(["settings"]);
    const created = (await api.post("/api/webhooks", d.admin.token, endpoint({ description: "Board's feed" }))).body;
    const test = await api.post(`/api/webhooks/${created.id}/test`, d.admin.token);
    expect(test.status).toBe(202);
    const path = `/api/webhooks/${created.id}`;
    const t = settingsOnly.token;
    const answers = {
      url: await api.patch(path, t, { url: evil }),
      urlAndTypes: await api.patch(path, t, { url: evil, event_types: ["person.created"] }),
      narrowed: await api.patch(path, t, { event_types: ["person.created"] }),
      disable: await api.patch(path, t, { enabled: 0 }),
      enable: await api.patch(path, t, { enabled: 1 }),
      rotate: await api.post(`${path}/rotate`, t),
      test: await api.post(`${path}/test`, t),
      replay: await api.post(`${path}/replay`, t, { since: Date.now() - 86_400_000 }),
      redeliver: await api.post(`${path}/deliveries/${test.body.delivery_id}/redeliver`, t),
      delete: await api.delete(path, t),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status, what).toBe(403);
      expect(res.body.error.message, what).toMatch(/events you cannot read \(interview\.published: only someone who may read every interview/);
    }
    // Reading it, its log and its description remain the settings permission's.
    expect((await api.get(path, t)).status).toBe(200);
    expect((await api.get(`${path}/deliveries`, t)).body).toHaveLength(1);
    expect((await api.patch(path, t, { description: "Renamed" })).status).toBe(200);
    const { secret: _s, ...before } = created;
    expect((await api.get(path, d.admin.token)).body).toEqual({ ...before, description: "Renamed", updated_at: expect.any(Number) });
    expect(await db().webhookDelivery.count({ where: { endpointId: created.id, districtId: d.id } })).toBe(1);
  });

  it("a person endpoint is theirs to manage; whoever points it elsewhere, changes its events or enables it becomes its owner", async () => {
    const settingsOnly = await d.addPersonWith(["settings"]);
    const created = (await api.post("/api/webhooks", d.admin.token, endpoint({ event_types: ["person.created", "key.revoked"] }))).body;
    const owner = async () => (await db().webhookEndpoint.findFirstOrThrow({ where: { id: created.id, districtId: d.id } })).createdById;
    expect(await owner()).toBe(d.admin.id);
    expect((await api.patch(`/api/webhooks/${created.id}`, settingsOnly.token, { description: "Theirs now?" })).status).toBe(200);
    expect(await owner()).toBe(d.admin.id);
    expect((await api.patch(`/api/webhooks/${created.id}`, settingsOnly.token, { enabled: 0 })).status).toBe(200);
    expect(await owner()).toBe(d.admin.id);
    const moved = await api.patch(`/api/webhooks/${created.id}`, settingsOnly.token, { url: "https://sis2.district.invalid/hook" });
    expect(moved.status).toBe(200);
    expect(await owner()).toBe(settingsOnly.id);
    expect((await api.post(`/api/webhooks/${created.id}/rotate`, settingsOnly.token)).status).toBe(200);
    // Adding interview events to it is beyond them, and an admin who does takes it over.
    expect((await api.patch(`/api/webhooks/${created.id}`, settingsOnly.token, { event_types: ["person.created", "interview.created"] })).status).toBe(403);
    expect((await api.patch(`/api/webhooks/${created.id}`, d.admin.token, { event_types: ["person.created", "interview.created"] })).status).toBe(200);
    expect(await owner()).toBe(d.admin.id);
    expect((await api.delete(`/api/webhooks/${created.id}`, settingsOnly.token)).status).toBe(403);
    expect((await api.delete(`/api/webhooks/${created.id}`, d.admin.token)).status).toBe(200);
  });

  it("redelivering needs the right to the event's own type, even once the endpoint carries other events", async () => {
    const settingsOnly = await d.addPersonWith(["settings"]);
    const created = (await api.post("/api/webhooks", d.admin.token, endpoint({ event_types: ["interview.created"] }))).body;
    const candidate = await d.addPerson("candidate");
    expect((await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-05" })).status).toBe(201);
    const [delivery] = (await api.get(`/api/webhooks/${created.id}/deliveries`, d.admin.token)).body;
    expect(delivery.event_type).toBe("interview.created");
    expect((await api.patch(`/api/webhooks/${created.id}`, d.admin.token, { event_types: ["person.created"] })).status).toBe(200);
    const res = await api.post(`/api/webhooks/${created.id}/deliveries/${delivery.id}/redeliver`, settingsOnly.token);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toMatch(/interview\.created/);
    expect((await api.post(`/api/webhooks/${created.id}/deliveries/${delivery.id}/redeliver`, d.admin.token)).status).toBe(202);
  });
});

describe("PATCH, DELETE and rotation", () => {
  it("changes what is sent; disabling and enabling; deleting removes the endpoint and its log", async () => {
    const created = (await api.post("/api/webhooks", d.admin.token, endpoint())).body;
    const res = await api.patch(`/api/webhooks/${created.id}`, d.admin.token, {
      description: "Nightly sync",
      event_types: ["person.deleted", "person.deleted"],
      enabled: 0,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: "Nightly sync", event_types: ["person.deleted"], enabled: 0, disabled_reason: null });
    expect(res.body.disabled_at).toEqual(expect.any(Number));
    expect(res.body.updated_at).toBeGreaterThanOrEqual(created.updated_at);
    const enabled = await api.patch(`/api/webhooks/${created.id}`, d.admin.token, { enabled: true });
    expect(enabled.body).toMatchObject({ enabled: 1, disabled_at: null, url: created.url });
    expect((await api.patch(`/api/webhooks/${created.id}`, d.admin.token, { url: "https://10.1.1.1/x" })).status).toBe(400);

    expect((await api.delete(`/api/webhooks/${created.id}`, d.admin.token)).body).toEqual({ ok: true });
    expect((await api.get(`/api/webhooks/${created.id}`, d.admin.token)).status).toBe(404);
    expect((await api.delete(`/api/webhooks/${created.id}`, d.admin.token)).status).toBe(404);
  });

  it("rotation answers a new secret once; the old one signs beside it for 24 hours", async () => {
    const created = (await api.post("/api/webhooks", d.admin.token, endpoint())).body;
    const before = Date.now();
    const rotated = await api.post(`/api/webhooks/${created.id}/rotate`, d.admin.token);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(rotated.body.previous_secret_expires_at).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 1000);
    expect(rotated.body.previous_secret_expires_at).toBeLessThanOrEqual(Date.now() + 24 * 3600_000 + 1000);
    expect((await api.get(`/api/webhooks/${created.id}`, d.admin.token)).body).not.toHaveProperty("secret");
  });
});

describe("who may", () => {
  it("401 without a token, with an unknown one, with a signed-out session and with a revoked key", async () => {
    const signedOut = await d.addPersonWith(["settings"]);
    expect((await api.delete("/api/me", signedOut.token)).status).toBe(200);
    const revoked = await d.addKey(["read:people"], { revoked: true });
    for (const token of [null, "nope", signedOut.token, revoked.key]) {
      const res = await api.get("/api/webhooks", token);
      expect(res.status, String(token)).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
      expect((await api.post("/api/webhooks", token, endpoint())).status).toBe(401);
    }
  });

  it("403 for API keys (sessions only) and for people without the settings permission", async () => {
    const key = (await d.addKey(["read:people", "write:people", "read:interviews", "write:interviews"])).key;
    const board = await d.addPerson("board");
    const created = (await api.post("/api/webhooks", d.admin.token, endpoint())).body;
    for (const token of [key, board.token]) {
      expect((await api.get("/api/webhooks", token)).status).toBe(403);
      expect((await api.post("/api/webhooks", token, endpoint())).status).toBe(403);
      expect((await api.get(`/api/webhooks/${created.id}/deliveries`, token)).status).toBe(403);
      expect((await api.post(`/api/webhooks/${created.id}/test`, token)).status).toBe(403);
      expect((await api.post(`/api/webhooks/${created.id}/rotate`, token)).status).toBe(403);
    }
    expect((await api.get("/api/webhooks", key)).body.error.message).toMatch(/session/);
  });

  it("another district's endpoints and deliveries are 404, listed nowhere, and stay as they were", async () => {
    const theirs = (await api.post("/api/webhooks", other.admin.token, endpoint({ url: "https://theirs.district.invalid/hook" }))).body;
    const test = await api.post(`/api/webhooks/${theirs.id}/test`, other.admin.token);
    expect(test.status).toBe(202);
    const mine = (await api.post("/api/webhooks", d.admin.token, endpoint())).body;
    const t = d.admin.token;
    const answers = [
      await api.get(`/api/webhooks/${theirs.id}`, t),
      await api.patch(`/api/webhooks/${theirs.id}`, t, { enabled: 0 }),
      await api.post(`/api/webhooks/${theirs.id}/rotate`, t),
      await api.post(`/api/webhooks/${theirs.id}/test`, t),
      await api.get(`/api/webhooks/${theirs.id}/deliveries`, t),
      await api.post(`/api/webhooks/${theirs.id}/replay`, t, { since: Date.now() - 60_000 }),
      await api.post(`/api/webhooks/${theirs.id}/deliveries/${test.body.delivery_id}/redeliver`, t),
      // Their delivery under my endpoint: still not mine.
      await api.post(`/api/webhooks/${mine.id}/deliveries/${test.body.delivery_id}/redeliver`, t),
      await api.delete(`/api/webhooks/${theirs.id}`, t),
    ];
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(404));
    expect(answers.every((a) => a.body.error.code === "not_found")).toBe(true);
    expect((await api.get("/api/webhooks", t)).body.map((e: { id: string }) => e.id)).not.toContain(theirs.id);
    const after = await api.get(`/api/webhooks/${theirs.id}`, other.admin.token);
    const { secret: _s, ...unchanged } = theirs;
    expect(after.body).toEqual(unchanged);
    expect((await api.get(`/api/webhooks/${theirs.id}/deliveries`, other.admin.token)).body).toHaveLength(1);
  });
});
