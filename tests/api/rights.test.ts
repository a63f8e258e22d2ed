/**
 * Nobody acts above their own rights (security issue, item 1): changing a person's e-mail,
 * archived state or roles, or deleting them, needs every permission and staff kind that
 * person holds; an API key holds none here; a district keeps at least one active
 * administrator; role definitions follow the same rule.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;

beforeEach(async () => {
  d = await makeDistrict("Rights");
});

const personRow = (id: string) => db().person.findUniqueOrThrow({ where: { id }, select: { email: true, archived: true, roles: true } });

async function expectRefused(res: { status: number; body: any }, status: number, pattern: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.message).toMatch(pattern);
}

describe("a people editor cannot take over or remove those above them", () => {
  it("cannot change an administrator's e-mail, archive, delete or demote them; the admin stays untouched", async () => {
    const editor = await d.addPersonWith(["people:edit"]);
    const before = await personRow(d.admin.id);
    await expectRefused(await api.patch(`/api/people/${d.admin.id}`, editor.token, { email: uniqueEmail("attacker") }), 403, /e-mail.*administrator/);
    await expectRefused(await api.patch(`/api/people/${d.admin.id}`, editor.token, { archived: 1 }), 403, /archive/);
    await expectRefused(await api.delete(`/api/people/${d.admin.id}`, editor.token), 403, /delete/);
    await expectRefused(await api.patch(`/api/people/${d.admin.id}`, editor.token, { roles: { [d.roles.candidate]: 1 } }), 403, /roles/);
    expect(await personRow(d.admin.id)).toEqual(before);
    // Fields that give no access stay editable.
    expect((await api.patch(`/api/people/${d.admin.id}`, editor.token, { first: "Renamed" })).status).toBe(200);
  });

  it("cannot change a board member's e-mail (board kind and interviews:edit are beyond them), but can a candidate's", async () => {
    const editor = await d.addPersonWith(["people:edit"]);
    const board = await d.addPerson("board");
    const candidate = await d.addPerson("candidate");
    await expectRefused(await api.patch(`/api/people/${board.id}`, editor.token, { email: uniqueEmail() }), 403, /board member/);
    const email = uniqueEmail("new");
    const ok = await api.patch(`/api/people/${candidate.id}`, editor.token, { email });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(email);
  });

  it("a holder of a permission the target lacks is still refused for the one they lack", async () => {
    const editor = await d.addPersonWith(["people:edit"]);
    const settingsHolder = await d.addPersonWith(["settings"]);
    await expectRefused(await api.patch(`/api/people/${settingsHolder.id}`, editor.token, { archived: 1 }), 403, /settings/);
    const both = await d.addPersonWith(["people:edit", "settings"]);
    expect((await api.patch(`/api/people/${settingsHolder.id}`, both.token, { archived: 1 })).status).toBe(200);
  });

  it("a board member with people:edit may act on board members but not on administrators", async () => {
    const role = await api.post("/api/roles", d.admin.token, {
      name: `Board editors ${Date.now()}`,
      kind: "board",
      permissions: ["people:edit", "interviews:edit"],
    });
    expect(role.status).toBe(201);
    const email = uniqueEmail("boardeditor");
    const created = await api.post("/api/people", d.admin.token, { first: "B", last: "E", email, roles: { [role.body.id]: 1 } });
    const session = await import("@/lib/auth/create-session").then((m) => m.createSessionFor(email, d.id));
    const token = session!.token;
    const board = await d.addPerson("board");
    expect((await api.patch(`/api/people/${board.id}`, token, { email: uniqueEmail() })).status).toBe(200);
    await expectRefused(await api.patch(`/api/people/${d.admin.id}`, token, { email: uniqueEmail() }), 403, /administrator/);
    expect(created.status).toBe(201);
  });
});

describe("an API key holds only its scopes", () => {
  it("a write:people key cannot change an administrator's e-mail, archive or delete one, nor make one", async () => {
    const key = (await d.addKey(["write:people", "read:people"])).key;
    const before = await personRow(d.admin.id);
    await expectRefused(await api.patch(`/api/people/${d.admin.id}`, key, { email: uniqueEmail() }), 403, /administrator/);
    await expectRefused(await api.patch(`/api/people/${d.admin.id}`, key, { archived: 1 }), 403, /administrator/);
    await expectRefused(await api.delete(`/api/people/${d.admin.id}`, key), 403, /administrator/);
    await expectRefused(await api.post("/api/people", key, { first: "K", last: "Admin", email: uniqueEmail(), roles: { [d.roles.admin]: 1 } }), 403, /roles/);
    await expectRefused(await api.patch(`/api/people/${(await d.addPerson("candidate")).id}`, key, { roles: { [d.roles.board]: 1 } }), 403, /roles/);
    expect(await personRow(d.admin.id)).toEqual(before);
  });

  it("still manages candidates, and still reads with admin visibility", async () => {
    const key = (await d.addKey(["write:people", "read:people"])).key;
    const candidate = await d.addPerson("candidate");
    expect((await api.patch(`/api/people/${candidate.id}`, key, { email: uniqueEmail(), archived: 1 })).status).toBe(200);
    const created = await api.post("/api/people", key, { first: "New", last: "Candidate", email: uniqueEmail(), roles: { [d.roles.candidate]: 1 } });
    expect(created.status).toBe(201);
    expect((await api.delete(`/api/people/${created.body.id}`, key)).status).toBe(200);
    const list = await api.get("/api/people?archived=true", key);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([d.admin.id, candidate.id]));
  });
});

describe("a district always keeps one active administrator", () => {
  it("the last one cannot be archived, deleted or demoted (409 saying why), not even by themself", async () => {
    for (const res of [
      await api.patch(`/api/people/${d.admin.id}`, d.admin.token, { archived: 1 }),
      await api.delete(`/api/people/${d.admin.id}`, d.admin.token),
      await api.patch(`/api/people/${d.admin.id}`, d.admin.token, { roles: { [d.roles.board]: 1 } }),
      await api.patch(`/api/roles/${d.roles.admin}`, d.admin.token, { kind: "board" }),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error.code).toBe("conflict");
      expect(res.body.error.message).toMatch(/at least one active administrator/);
    }
    expect(await personRow(d.admin.id)).toMatchObject({ archived: false, roles: { [d.roles.admin]: 1 } });
  });

  it("with a second active administrator, one of them can go; an archived admin does not count", async () => {
    const second = await d.addPerson("admin");
    const archived = await d.addPerson("admin", { archived: true });
    expect((await api.patch(`/api/people/${second.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    expect((await api.delete(`/api/people/${d.admin.id}`, d.admin.token)).status).toBe(409);
    // The archived admin can be deleted: they were not the district's last active one.
    expect((await api.delete(`/api/people/${archived.id}`, d.admin.token)).status).toBe(200);
  });

  it("two administrators archiving each other at the same moment: exactly one succeeds", async () => {
    const second = await d.addPerson("admin");
    const results = await Promise.all([
      api.patch(`/api/people/${second.id}`, d.admin.token, { archived: 1 }),
      api.patch(`/api/people/${d.admin.id}`, second.token, { archived: 1 }),
    ]);
    // The loser is refused by the lock (409), or finds itself already archived and signed out
    // when its request authenticates after the winner's commit (401).
    const [won, lost] = results.map((r) => r.status).sort();
    expect(won).toBe(200);
    expect([401, 409]).toContain(lost);
    const active = await db().person.count({ where: { districtId: d.id, archived: false, id: { in: [d.admin.id, second.id] } } });
    expect(active).toBe(1);
  });
});

describe("role definitions: nobody defines a role carrying more than they hold", () => {
  it("a settings holder cannot create or turn a role into an admin or board role, nor add permissions they lack", async () => {
    const settings = await d.addPersonWith(["settings"]);
    await expectRefused(await api.post("/api/roles", settings.token, { name: "Shadow admin", kind: "admin" }), 403, /rights you do not hold/);
    await expectRefused(await api.post("/api/roles", settings.token, { name: "Shadow board", kind: "board" }), 403, /rights you do not hold/);
    await expectRefused(await api.patch(`/api/roles/${settings.roleId}`, settings.token, { kind: "admin" }), 403, /rights you do not hold/);
    await expectRefused(
      await api.patch(`/api/roles/${settings.roleId}`, settings.token, { permissions: ["settings", "people:edit"] }),
      403,
      /rights you do not hold/,
    );
    expect(await db().role.findUniqueOrThrow({ where: { id: settings.roleId }, select: { kind: true, permissions: true } })).toEqual({
      kind: "other",
      permissions: ["settings"],
    });
    const fine = await api.post("/api/roles", settings.token, { name: "Coordinators", kind: "other", permissions: ["settings"] });
    expect(fine.status).toBe(201);
  });

  it("nor grant the admin role to anyone, themself included", async () => {
    const settings = await d.addPersonWith(["settings", "people:edit"]);
    await expectRefused(await api.patch(`/api/people/${settings.id}`, settings.token, { roles: { [settings.roleId]: 1, [d.roles.admin]: 2 } }), 403, /roles/);
    expect((await personRow(settings.id)).roles).toEqual({ [settings.roleId]: 1 });
  });
});

describe("writes name the district", () => {
  it("a write without districtId in its where is refused by the database client itself", async () => {
    const person = await d.addPerson("candidate");
    await expect(db().person.update({ where: { id: person.id }, data: { first: "X" } })).rejects.toThrow(/without districtId/);
    await expect(db().person.deleteMany({ where: { id: person.id } })).rejects.toThrow(/without districtId/);
    await expect(db().boardMember.deleteMany({ where: { personId: person.id } })).rejects.toThrow(/board\.districtId/);
    expect((await db().person.findUniqueOrThrow({ where: { id: person.id } })).first).not.toBe("X");
  });
});
