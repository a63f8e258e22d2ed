import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api } from "../helpers/api";
import { ALL_SCOPES, makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let other: TestDistrict;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Definitions"), makeDistrict("Other")]);
});

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

describe("GET /api/roles and /api/tags", () => {
  it("a new district has one role of each kind, with its permissions", async () => {
    const res = await api.get("/api/roles", d.admin.token);
    expect(res.status).toBe(200);
    const defaults = res.body.filter((r: { id: string }) => Object.values(d.roles).includes(r.id));
    expect(defaults.map((r: { kind: string }) => r.kind).sort()).toEqual(["admin", "board", "candidate", "mentor", "other"]);
    for (const role of res.body) expect(Object.keys(role).sort()).toEqual(["id", "kind", "name", "permissions"]);
    const admin = res.body.find((r: { id: string }) => r.id === d.roles.admin);
    expect(admin.permissions.sort()).toEqual(["interviews:edit", "people:edit", "settings"]);
    expect(res.body.find((r: { id: string }) => r.id === d.roles.candidate).permissions).toEqual([]);
    expect(res.body.map((r: { id: string }) => r.id)).not.toContain(other.roles.admin);
  });

  it("lists tags as {id,name}, only the district's own", async () => {
    const mine = await api.post("/api/tags", d.admin.token, { name: unique("Mine") });
    const theirs = await api.post("/api/tags", other.admin.token, { name: unique("Theirs") });
    const res = await api.get("/api/tags", d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: mine.body.id, name: mine.body.name });
    expect(res.body.map((t: { id: string }) => t.id)).not.toContain(theirs.body.id);
    for (const tag of res.body) expect(Object.keys(tag).sort()).toEqual(["id", "name"]);
  });

  it("any signed-in person and an API key with read:people may read them", async () => {
    const candidate = await d.addPerson("candidate");
    const { key } = await d.addKey(["read:people"]);
    for (const token of [candidate.token, key]) {
      expect((await api.get("/api/roles", token)).status).toBe(200);
      expect((await api.get("/api/tags", token)).status).toBe(200);
    }
  });
});

describe("roles: create, change, delete", () => {
  it("an admin creates (201), renames and deletes an unused role", async () => {
    const created = await api.post("/api/roles", d.admin.token, { name: "Coordinator", kind: "other", permissions: ["people:edit"] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name: "Coordinator", kind: "other", permissions: ["people:edit"] });

    const renamed = await api.patch(`/api/roles/${created.body.id}`, d.admin.token, { name: "Lead coordinator" });
    expect(renamed.status).toBe(200);
    // Only the fields sent change: the permissions stay.
    expect(renamed.body).toEqual({ id: created.body.id, name: "Lead coordinator", kind: "other", permissions: ["people:edit"] });

    const regranted = await api.patch(`/api/roles/${created.body.id}`, d.admin.token, { permissions: ["settings", "interviews:edit"] });
    expect(regranted.body).toMatchObject({ name: "Lead coordinator", permissions: ["settings", "interviews:edit"] });

    const removed = await api.delete(`/api/roles/${created.body.id}`, d.admin.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect((await api.get("/api/roles", d.admin.token)).body.map((r: { id: string }) => r.id)).not.toContain(created.body.id);
  });

  it("a permission change applies to the holders' next request", async () => {
    const holder = await d.addPersonWith([]);
    expect((await api.post("/api/tags", holder.token, { name: unique("Before") })).status).toBe(403);
    expect((await api.patch(`/api/roles/${holder.roleId}`, d.admin.token, { permissions: ["settings"] })).status).toBe(200);
    expect((await api.post("/api/tags", holder.token, { name: unique("After") })).status).toBe(201);
  });

  it("validates the body (400 with details)", async () => {
    const res = await api.post("/api/roles", d.admin.token, { name: "", kind: "wizard", permissions: ["everything"] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details.map((x: { path: string }) => x.path)).toEqual(expect.arrayContaining(["name", "kind", "permissions.0"]));
    const patch = await api.patch(`/api/roles/${d.roles.other}`, d.admin.token, { kind: "wizard" });
    expect(patch.status).toBe(400);
  });

  it("deleting a role still held by someone is 409, and the role stays", async () => {
    const holder = await d.addPersonWith(["people:edit"]);
    const res = await api.delete(`/api/roles/${holder.roleId}`, d.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(await db().role.count({ where: { id: holder.roleId } })).toBe(1);

    // Held as a secondary role counts too.
    const secondary = await api.post("/api/roles", d.admin.token, { name: unique("Secondary"), kind: "other" });
    await api.post("/api/people", d.admin.token, { first: "S", last: "R", email: uniqueEmail(), roles: { [d.roles.mentor]: 1, [secondary.body.id]: 2 } });
    expect((await api.delete(`/api/roles/${secondary.body.id}`, d.admin.token)).status).toBe(409);
  });

  it("another district's role id is 404 for PATCH and DELETE, and it is unchanged", async () => {
    const patch = await api.patch(`/api/roles/${other.roles.other}`, d.admin.token, { name: "Hijacked" });
    expect(patch.status).toBe(404);
    expect(patch.body.error.code).toBe("not_found");
    const del = await api.delete(`/api/roles/${other.roles.other}`, d.admin.token);
    expect(del.status).toBe(404);
    const role = await db().role.findUniqueOrThrow({ where: { id: other.roles.other } });
    expect(role.name).not.toBe("Hijacked");
    expect((await api.delete("/api/roles/nosuchrole", d.admin.token)).status).toBe(404);
  });
});

describe("tags: create, change, delete", () => {
  it("creates (201), renames (200) and refuses a duplicate name in the district (409)", async () => {
    const name = unique("Scholarship");
    const created = await api.post("/api/tags", d.admin.token, { name });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), name });
    const dup = await api.post("/api/tags", d.admin.token, { name });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("conflict");
    // The same name in another district is fine.
    expect((await api.post("/api/tags", other.admin.token, { name })).status).toBe(201);

    const renamed = await api.patch(`/api/tags/${created.body.id}`, d.admin.token, { name: `${name} 2027` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: created.body.id, name: `${name} 2027` });

    const empty = await api.post("/api/tags", d.admin.token, { name: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].path).toBe("name");
  });

  it("deleting a tag removes it from people's tags", async () => {
    const [keep, drop] = await Promise.all([
      api.post("/api/tags", d.admin.token, { name: unique("Keep") }),
      api.post("/api/tags", d.admin.token, { name: unique("Drop") }),
    ]);
    const person = await api.post("/api/people", d.admin.token, { first: "T", last: "G", email: uniqueEmail(), tags: [drop.body.id, keep.body.id] });
    expect(person.body.tags).toEqual([drop.body.id, keep.body.id]);

    const res = await api.delete(`/api/tags/${drop.body.id}`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await api.get(`/api/people/${person.body.id}`, d.admin.token)).body.tags).toEqual([keep.body.id]);
    expect((await api.get("/api/tags", d.admin.token)).body.map((t: { id: string }) => t.id)).not.toContain(drop.body.id);
    expect((await api.delete(`/api/tags/${drop.body.id}`, d.admin.token)).status).toBe(404);
  });

  it("another district's tag id is 404 for PATCH and DELETE, and its people keep it", async () => {
    const theirs = await api.post("/api/tags", other.admin.token, { name: unique("Theirs") });
    await api.patch(`/api/people/${other.admin.id}`, other.admin.token, { tags: [theirs.body.id] });
    expect((await api.patch(`/api/tags/${theirs.body.id}`, d.admin.token, { name: "Hijacked" })).status).toBe(404);
    const del = await api.delete(`/api/tags/${theirs.body.id}`, d.admin.token);
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe("not_found");
    expect((await api.get(`/api/people/${other.admin.id}`, other.admin.token)).body.tags).toEqual([theirs.body.id]);
    expect((await db().tag.findUniqueOrThrow({ where: { id: theirs.body.id } })).name).toBe(theirs.body.name);
  });
});

describe("who may write roles and tags", () => {
  type Writer = "board" | "mentor" | "candidate" | "people:edit holder";

  it.each<Writer>(["board", "mentor", "candidate", "people:edit holder"])("a %s session is 403 for every write", async (who) => {
    const person = who === "people:edit holder" ? await d.addPersonWith(["people:edit", "interviews:edit"]) : await d.addPerson(who);
    const tag = await api.post("/api/tags", d.admin.token, { name: unique("Target") });
    const attempts = [
      api.post("/api/roles", person.token, { name: "Mine", kind: "admin" }),
      api.patch(`/api/roles/${d.roles.candidate}`, person.token, { kind: "admin" }),
      api.delete(`/api/roles/${d.roles.other}`, person.token),
      api.post("/api/tags", person.token, { name: unique("Mine") }),
      api.patch(`/api/tags/${tag.body.id}`, person.token, { name: "Renamed" }),
      api.delete(`/api/tags/${tag.body.id}`, person.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    expect((await db().role.findUniqueOrThrow({ where: { id: d.roles.candidate } })).kind).toBe("candidate");
    expect(await db().tag.findUnique({ where: { id: tag.body.id } })).toMatchObject({ name: tag.body.name });
  });

  it("any API key is 403 for every write, even with all scopes", async () => {
    const { key } = await d.addKey(ALL_SCOPES);
    const tag = await api.post("/api/tags", d.admin.token, { name: unique("Target") });
    const attempts = [
      api.post("/api/roles", key, { name: "Key role", kind: "admin" }),
      api.patch(`/api/roles/${d.roles.candidate}`, key, { name: "x" }),
      api.delete(`/api/roles/${d.roles.other}`, key),
      api.post("/api/tags", key, { name: unique("Key") }),
      api.patch(`/api/tags/${tag.body.id}`, key, { name: "x" }),
      api.delete(`/api/tags/${tag.body.id}`, key),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("a holder of the settings permission (not admin) may write", async () => {
    const settings = await d.addPersonWith(["settings"]);
    const role = await api.post("/api/roles", settings.token, { name: unique("By settings"), kind: "mentor", permissions: ["settings"] });
    expect(role.status).toBe(201);
    expect((await api.patch(`/api/roles/${role.body.id}`, settings.token, { name: unique("Renamed") })).status).toBe(200);
    expect((await api.delete(`/api/roles/${role.body.id}`, settings.token)).status).toBe(200);
    const tag = await api.post("/api/tags", settings.token, { name: unique("By settings") });
    expect(tag.status).toBe(201);
    expect((await api.patch(`/api/tags/${tag.body.id}`, settings.token, { name: unique("Renamed") })).status).toBe(200);
    expect((await api.delete(`/api/tags/${tag.body.id}`, settings.token)).status).toBe(200);
  });
});
