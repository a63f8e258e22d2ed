import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashApiKey } from "@/lib/keys/key-format";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let other: TestDistrict;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Keys"), makeDistrict("Other")]);
});

describe("POST /api/keys", () => {
  it("creates a key shown once, stores only its hash, and lists it without the key", async () => {
    const res = await api.post("/api/keys", d.admin.token, { name: "Payroll sync", scopes: ["read:people", "write:people"] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Payroll sync", scopes: ["read:people", "write:people"], last_used_at: null, expires_at: null });
    expect(res.body.key).toMatch(/^cas_[A-Za-z0-9_-]{43}$/);
    expect(res.body.hint).toBe(res.body.key.slice(-4));
    expect(typeof res.body.created_at).toBe("number");

    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.hash).toBe(hashApiKey(res.body.key));
    expect(JSON.stringify(stored)).not.toContain(res.body.key);

    const list = await api.get("/api/keys", d.admin.token);
    expect(list.status).toBe(200);
    const listed = list.body.find((k: { id: string }) => k.id === res.body.id);
    expect(listed).toMatchObject({ id: res.body.id, name: "Payroll sync", hint: res.body.hint });
    expect(listed).not.toHaveProperty("key");
  });

  it("rejects unknown scopes, a missing name and invalid JSON with 400", async () => {
    const bad = await api.post("/api/keys", d.admin.token, { name: "x", scopes: ["read:everything"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
    expect(bad.body.error.details[0].path).toBe("scopes.0");

    const noName = await api.post("/api/keys", d.admin.token, { scopes: ["read:people"] });
    expect(noName.status).toBe(400);
    expect(noName.body.error.details.map((x: { path: string }) => x.path)).toContain("name");

    const broken = await api.post("/api/keys", d.admin.token, undefined, { rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("invalid_json");
  });

  it("accepts an expiry in the future and refuses one in the past", async () => {
    const past = await api.post("/api/keys", d.admin.token, { name: "old", scopes: ["read:people"], expires_at: Date.now() - 1000 });
    expect(past.status).toBe(400);
    const soon = Date.now() + 60_000;
    const ok = await api.post("/api/keys", d.admin.token, { name: "soon", scopes: ["read:people"], expires_at: soon });
    expect(ok.status).toBe(201);
    expect(ok.body.expires_at).toBe(soon);
  });
});

describe("key lifecycle", () => {
  it("a key works, records its last use, and is refused with 401 right after revocation", async () => {
    const created = await api.post("/api/keys", d.admin.token, { name: "lifecycle", scopes: ["read:people"] });
    const key = created.body.key;
    expect((await api.get("/api/people", key)).status).toBe(200);
    await expect.poll(async () => (await db().apiKey.findUniqueOrThrow({ where: { id: created.body.id } })).lastUsedAt).not.toBeNull();

    const revoked = await api.delete(`/api/keys/${created.body.id}`, d.admin.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ok: true });

    const after = await api.get("/api/people", key);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthorized");
    const list = await api.get("/api/keys", d.admin.token);
    expect(list.body.map((k: { id: string }) => k.id)).not.toContain(created.body.id);
  });

  it("an expired key is 401", async () => {
    const { key } = await d.addKey(["read:people"], { expiresAt: new Date(Date.now() - 1) });
    const res = await api.get("/api/people", key);
    expect(res.status).toBe(401);
  });
});

describe("who may manage keys", () => {
  it("refuses API keys themselves (403), even with every scope", async () => {
    const { key } = await d.addKey(["read:people", "write:people", "read:interviews", "write:interviews"]);
    expect((await api.get("/api/keys", key)).status).toBe(403);
    expect((await api.post("/api/keys", key, { name: "x", scopes: ["read:people"] })).status).toBe(403);
  });

  it("needs the admin role or the settings permission (403 otherwise)", async () => {
    const board = await d.addPerson("board");
    const res = await api.get("/api/keys", board.token);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
    const settings = await d.addPersonWith(["settings"]);
    expect((await api.get("/api/keys", settings.token)).status).toBe(200);
  });

  it("401 without a token, with an unknown token, and with a signed-out session", async () => {
    expect((await api.get("/api/keys")).status).toBe(401);
    expect((await api.get("/api/keys", "nope")).status).toBe(401);
    expect((await api.get("/api/keys", "cas_unknownunknownunknown")).status).toBe(401);
    const admin2 = await d.addPersonWith(["settings"]);
    expect((await api.delete("/api/me", admin2.token)).status).toBe(200);
    expect((await api.get("/api/keys", admin2.token)).status).toBe(401);
  });

  it("another district's key id is 404 and stays active", async () => {
    const { id, key } = await other.addKey(["read:people"]);
    const res = await api.delete(`/api/keys/${id}`, d.admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await api.get("/api/people", key)).status).toBe(200);
  });

  it("lists only the district's own keys", async () => {
    const { id } = await other.addKey(["read:people"]);
    const list = await api.get("/api/keys", d.admin.token);
    expect(list.body.map((k: { id: string }) => k.id)).not.toContain(id);
  });
});
