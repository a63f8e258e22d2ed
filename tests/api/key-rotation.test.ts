import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { hashApiKey } from "@/lib/keys/key-format";
import { api, call } from "../helpers/api";
import { ALL_SCOPES, makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * POST /api/keys/:id/rotate: a new secret shown once, the old one accepted for the grace period
 * and refused (401) after it, each secret's last use, revocation ending every secret, and the
 * access rules of the key routes (sessions with the settings permission only).
 */

let d: TestDistrict;
let other: TestDistrict;
beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Rotation"), makeDistrict("Rotation other")]);
});

const createKey = async (name = "Rotated") =>
  (await api.post("/api/keys", d.admin.token, { name, scopes: ["read:people"] })).body as { id: string; key: string; hint: string };
const rotate = (id: string, body?: unknown, token = d.admin.token) => api.post(`/api/keys/${id}/rotate`, token, body);
const listed = async (id: string) => (await api.get("/api/keys", d.admin.token)).body.find((k: { id: string }) => k.id === id);
const canRead = async (key: string) => (await api.get("/api/people", key)).status;

describe("rotating a key", () => {
  it("answers a new secret once, keeps the id, name and scopes, and lists the old secret with its grace end", async () => {
    const key = await createKey();
    const before = Date.now();
    const res = await rotate(key.id, { grace_seconds: 3600 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: key.id, name: "Rotated", scopes: ["read:people"], last_used_at: null });
    expect(res.body.key).toMatch(/^cas_[A-Za-z0-9_-]{43}$/);
    expect(res.body.key).not.toBe(key.key);
    expect(res.body.hint).toBe(res.body.key.slice(-4));
    expect(res.body.rotated_at).toBeGreaterThanOrEqual(before);
    expect(res.body.previous_secrets).toEqual([{ hint: key.hint, created_at: expect.any(Number), last_used_at: null, expires_at: expect.any(Number) }]);
    const grace = res.body.previous_secrets[0].expires_at - res.body.rotated_at;
    expect(grace).toBe(3600_000);

    const stored = await db().apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(stored.hash).toBe(hashApiKey(res.body.key));
    const list = await listed(key.id);
    expect(list).not.toHaveProperty("key");
    expect(list.previous_secrets).toEqual(res.body.previous_secrets);
  });

  it("both secrets work during the grace period, each with its own last use", async () => {
    const key = await createKey();
    const rotated = (await rotate(key.id, {})).body;
    expect(rotated.previous_secrets[0].expires_at - rotated.rotated_at).toBe(24 * 3600_000); // the default grace
    expect(await canRead(key.key)).toBe(200);
    await expect.poll(async () => (await listed(key.id)).previous_secrets[0].last_used_at).not.toBeNull();
    expect((await listed(key.id)).last_used_at).toBeNull(); // the new secret is not used yet
    expect(await canRead(rotated.key)).toBe(200);
    await expect.poll(async () => (await listed(key.id)).last_used_at).not.toBeNull();
  });

  it("no body at all means the default grace", async () => {
    const key = await createKey();
    const res = await call("POST", `/api/keys/${key.id}/rotate`, { token: d.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.previous_secrets[0].expires_at - res.body.rotated_at).toBe(24 * 3600_000);
  });

  it("the old secret is refused (401) once the grace period is over, and at once with a grace of 0", async () => {
    const key = await createKey();
    const rotated = (await rotate(key.id, { grace_seconds: 60 })).body;
    await db().retiredApiKeySecret.updateMany({ where: { districtId: d.id, keyId: key.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const refused = await api.get("/api/people", key.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("unauthorized");
    expect(await canRead(rotated.key)).toBe(200);
    expect((await listed(key.id)).previous_secrets).toEqual([]);

    const now = await createKey();
    const immediate = (await rotate(now.id, { grace_seconds: 0 })).body;
    expect(immediate.previous_secrets).toEqual([]);
    expect(await canRead(now.key)).toBe(401);
    expect(await canRead(immediate.key)).toBe(200);
  });

  it("rotating again keeps every earlier secret until its own grace ends", async () => {
    const key = await createKey();
    const first = (await rotate(key.id, { grace_seconds: 600 })).body;
    const second = (await rotate(key.id, { grace_seconds: 7200 })).body;
    expect(second.previous_secrets.map((s: { hint: string }) => s.hint)).toEqual([first.hint, key.hint]);
    for (const secret of [key.key, first.key, second.key]) expect(await canRead(secret)).toBe(200);
  });

  it("revoking the key refuses every secret of it at once", async () => {
    const key = await createKey();
    const rotated = (await rotate(key.id, { grace_seconds: 3600 })).body;
    expect((await api.delete(`/api/keys/${key.id}`, d.admin.token)).status).toBe(200);
    expect(await canRead(key.key)).toBe(401);
    expect(await canRead(rotated.key)).toBe(401);
    expect((await rotate(key.id, {})).status).toBe(404);
  });

  it("an expired key is not rotated (409), and its old secrets stay refused", async () => {
    const { id, key } = await d.addKey(["read:people"], { expiresAt: new Date(Date.now() - 1000) });
    const res = await rotate(id, {});
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(await canRead(key)).toBe(401);
  });
});

describe("input and access", () => {
  it("grace_seconds must be an integer from 0 to 7 days (400, nothing changes)", async () => {
    const key = await createKey();
    for (const grace_seconds of [-1, 604801, 1.5, "3600", null]) {
      const res = await rotate(key.id, { grace_seconds });
      expect(res.status, String(grace_seconds)).toBe(400);
      expect(res.body.error.details[0].path).toBe("grace_seconds");
    }
    expect(await canRead(key.key)).toBe(200);
    expect((await rotate(key.id, { grace_seconds: 604800 })).status).toBe(200);
  });

  it("another district's key id, or an unknown one, is 404 and is not rotated", async () => {
    const theirs = (await api.post("/api/keys", other.admin.token, { name: "Theirs", scopes: ["read:people"] })).body;
    const res = await rotate(theirs.id, {});
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect(await canRead(theirs.key)).toBe(200);
    expect((await rotate("nothing0", {})).status).toBe(404);
    expect((await rotate("../etc", {})).status).toBe(404);
  });

  it("needs a session with the settings permission (403), refuses API keys (403) and missing or bad tokens (401)", async () => {
    const key = await createKey();
    const editor = await d.addPersonWith(["people:edit", "interviews:edit"]);
    const noSettings = await rotate(key.id, {}, editor.token);
    expect(noSettings.status).toBe(403);
    expect(noSettings.body.error.message).toContain("settings");
    const settings = await d.addPersonWith(["settings"]);
    expect((await rotate(key.id, {}, settings.token)).status).toBe(200);

    const apiKey = await d.addKey(ALL_SCOPES);
    const byKey = await rotate(key.id, {}, apiKey.key);
    expect(byKey.status).toBe(403);
    expect(byKey.body.error.message).toMatch(/session/);
    expect((await rotate(key.id, {}, null as unknown as string)).status).toBe(401);
    expect((await rotate(key.id, {}, "cas_unknown")).status).toBe(401);
    const revoked = await d.addKey(ALL_SCOPES, { revoked: true });
    expect((await rotate(key.id, {}, revoked.key)).status).toBe(401);
  });
});
