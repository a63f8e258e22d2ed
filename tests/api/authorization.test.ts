/**
 * The authorization matrix of every People, definitions (roles/tags) and /files endpoint:
 * who is refused with 401, 403 and 404, and who gets through. See docs/api.md, "Errors" and
 * "Keys and scopes".
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Permission, Scope } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { api, call, type ApiResponse } from "../helpers/api";
import { ALL_SCOPES, makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let other: TestDistrict;

/** The records an endpoint acts on. */
type Targets = { personId: string; uploadId: string; filePath: string; roleId: string; tagId: string };

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

function textForm() {
  const form = new FormData();
  form.set("file", new File(["some bytes"], "doc.txt", { type: "text/plain" }));
  form.set("name", "Doc");
  return form;
}
function pngForm() {
  const form = new FormData();
  form.set("file", new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "me.png", { type: "image/png" }));
  return form;
}

/** A person with an upload, an unused role and a tag, in the given district. */
async function makeTargets(district: TestDistrict): Promise<Targets> {
  const person = await district.addPerson("candidate");
  const upload = await api.post(`/api/people/${person.id}/uploads`, district.admin.token, undefined, { form: textForm() });
  expect(upload.status).toBe(201);
  const role = await api.post("/api/roles", district.admin.token, { name: unique("Target role"), kind: "other" });
  const tag = await api.post("/api/tags", district.admin.token, { name: unique("Target tag") });
  return { personId: person.id, uploadId: upload.body.id, filePath: new URL(upload.body.url).pathname, roleId: role.body.id, tagId: tag.body.id };
}

type Endpoint = {
  name: string;
  send: (token: string | null, t: Targets) => Promise<ApiResponse>;
  /** The API-key scope it needs; null: sessions only (every key is 403). */
  scope: Scope | null;
  /** The permission a session needs, if any. */
  permission?: Permission;
  /** Acts on a record named in the path (so another district's id must be 404). */
  byId: boolean;
};

const ENDPOINTS: Endpoint[] = [
  { name: "GET /api/people", scope: "read:people", byId: false, send: (k) => api.get("/api/people", k) },
  { name: "GET /api/people/:id", scope: "read:people", byId: true, send: (k, t) => api.get(`/api/people/${t.personId}`, k) },
  {
    name: "POST /api/people",
    scope: "write:people",
    permission: "people:edit",
    byId: false,
    send: (k) => api.post("/api/people", k, { first: "New", last: "Person", email: uniqueEmail("new") }),
  },
  {
    name: "PATCH /api/people/:id",
    scope: "write:people",
    permission: "people:edit",
    byId: true,
    send: (k, t) => api.patch(`/api/people/${t.personId}`, k, { language: "fr" }),
  },
  { name: "DELETE /api/people/:id", scope: "write:people", permission: "people:edit", byId: true, send: (k, t) => api.delete(`/api/people/${t.personId}`, k) },
  {
    name: "POST /api/people/:id/invite",
    scope: "write:people",
    permission: "people:edit",
    byId: true,
    send: (k, t) => api.post(`/api/people/${t.personId}/invite`, k),
  },
  { name: "GET /api/people/:id/uploads", scope: "read:people", byId: true, send: (k, t) => api.get(`/api/people/${t.personId}/uploads`, k) },
  {
    name: "POST /api/people/:id/uploads",
    scope: "write:people",
    permission: "people:edit",
    byId: true,
    send: (k, t) => api.post(`/api/people/${t.personId}/uploads`, k, undefined, { form: textForm() }),
  },
  {
    name: "DELETE /api/people/:id/uploads/:uploadId",
    scope: "write:people",
    permission: "people:edit",
    byId: true,
    send: (k, t) => api.delete(`/api/people/${t.personId}/uploads/${t.uploadId}`, k),
  },
  {
    name: "PUT /api/people/:id/photo",
    scope: "write:people",
    permission: "people:edit",
    byId: true,
    send: (k, t) => api.put(`/api/people/${t.personId}/photo`, k, { form: pngForm() }),
  },
  {
    name: "DELETE /api/people/:id/photo",
    scope: "write:people",
    permission: "people:edit",
    byId: true,
    send: (k, t) => api.delete(`/api/people/${t.personId}/photo`, k),
  },
  // Administrators' sessions only (a role kind, not a permission: tests/api/sso.test.ts refuses the others).
  { name: "DELETE /api/people/:id/sessions", scope: null, byId: true, send: (k, t) => api.delete(`/api/people/${t.personId}/sessions`, k) },
  { name: "GET /files/<district>/people/…", scope: "read:people", byId: true, send: (k, t) => api.get(t.filePath, k) },
  { name: "GET /api/roles", scope: "read:people", byId: false, send: (k) => api.get("/api/roles", k) },
  {
    name: "POST /api/roles",
    scope: null,
    permission: "settings",
    byId: false,
    send: (k) => api.post("/api/roles", k, { name: unique("Role"), kind: "other" }),
  },
  {
    name: "PATCH /api/roles/:id",
    scope: null,
    permission: "settings",
    byId: true,
    send: (k, t) => api.patch(`/api/roles/${t.roleId}`, k, { name: unique("Role") }),
  },
  { name: "DELETE /api/roles/:id", scope: null, permission: "settings", byId: true, send: (k, t) => api.delete(`/api/roles/${t.roleId}`, k) },
  { name: "GET /api/tags", scope: "read:people", byId: false, send: (k) => api.get("/api/tags", k) },
  { name: "POST /api/tags", scope: null, permission: "settings", byId: false, send: (k) => api.post("/api/tags", k, { name: unique("Tag") }) },
  {
    name: "PATCH /api/tags/:id",
    scope: null,
    permission: "settings",
    byId: true,
    send: (k, t) => api.patch(`/api/tags/${t.tagId}`, k, { name: unique("Tag") }),
  },
  { name: "DELETE /api/tags/:id", scope: null, permission: "settings", byId: true, send: (k, t) => api.delete(`/api/tags/${t.tagId}`, k) },
  { name: "GET /api/settings/calendar", scope: null, permission: "settings", byId: false, send: (k) => api.get("/api/settings/calendar", k) },
  {
    name: "PATCH /api/settings/calendar",
    scope: null,
    permission: "settings",
    byId: false,
    send: (k) => api.patch("/api/settings/calendar", k, { invitations: "publish" }),
  },
];

const expectError = (res: ApiResponse, status: number, code: string) => {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
};
const expectSuccess = (res: ApiResponse) => {
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};

let shared: Targets;
/** Tokens that must all be refused with 401. */
const badTokens: Record<string, string | null> = {};

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Authz"), makeDistrict("Other")]);
  shared = await makeTargets(d);

  badTokens["no token"] = null;
  badTokens["an unknown session token"] = "0".repeat(64);
  badTokens["an unknown API key"] = "cas_" + "A".repeat(43);
  badTokens["a revoked API key"] = (await d.addKey(ALL_SCOPES, { revoked: true })).key;
  badTokens["an expired API key"] = (await d.addKey(ALL_SCOPES, { expiresAt: new Date(Date.now() - 1000) })).key;

  const signedOut = await d.addPersonWith(["people:edit", "settings"]);
  expect((await api.delete("/api/me", signedOut.token)).status).toBe(200);
  badTokens["a signed-out session"] = signedOut.token;

  const expired = await d.addPersonWith(["people:edit", "settings"]);
  await db().session.updateMany({ where: { personId: expired.id }, data: { expires: new Date(Date.now() - 1000) } });
  badTokens["an expired session"] = expired.token;

  const archived = await d.addPerson("admin", { archived: true });
  badTokens["an archived admin's session"] = archived.token;
});

describe("401 unauthorized", () => {
  const kinds = [
    "no token",
    "an unknown session token",
    "an unknown API key",
    "a revoked API key",
    "an expired API key",
    "a signed-out session",
    "an expired session",
    "an archived admin's session",
  ];
  describe.each(kinds)("with %s", (kind) => {
    it.each(ENDPOINTS.map((e) => [e.name, e] as const))("%s is 401", async (_, endpoint) => {
      expectError(await endpoint.send(badTokens[kind], shared), 401, "unauthorized");
    });
  });

  it("a malformed Authorization header is 401", async () => {
    const res = await call("GET", "/api/people", { headers: { authorization: "Basic dXNlcjpwYXNz" } });
    expectError(res, 401, "unauthorized");
  });
});

describe("403 forbidden: sessions without the permission", () => {
  const guarded = ENDPOINTS.filter((e) => e.permission);
  const lacking: { who: string; kind?: "board" | "mentor" | "candidate" | "other"; permissions?: Permission[] }[] = [
    { who: "a board member", kind: "board" },
    { who: "a mentor", kind: "mentor" },
    { who: "a candidate", kind: "candidate" },
    { who: "a staff (other-kind) member", kind: "other" },
    { who: "an interviews:edit holder", permissions: ["interviews:edit"] },
  ];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const l of lacking) tokens[l.who] = (l.kind ? await d.addPerson(l.kind) : await d.addPersonWith(l.permissions!)).token;
    tokens["a settings holder"] = (await d.addPersonWith(["settings"])).token;
    tokens["a people:edit holder"] = (await d.addPersonWith(["people:edit"])).token;
  });

  describe.each(lacking.map((l) => l.who))("%s", (who) => {
    it.each(guarded.map((e) => [e.name, e] as const))("%s is 403", async (_, endpoint) => {
      expectError(await endpoint.send(tokens[who], shared), 403, "forbidden");
    });
  });

  it.each(guarded.filter((e) => e.permission === "people:edit").map((e) => [e.name, e] as const))(
    "%s is 403 for a settings holder (settings is not people:edit)",
    async (_, endpoint) => {
      expectError(await endpoint.send(tokens["a settings holder"], shared), 403, "forbidden");
    },
  );

  it.each(guarded.filter((e) => e.permission === "settings").map((e) => [e.name, e] as const))(
    "%s is 403 for a people:edit holder (people:edit is not settings)",
    async (_, endpoint) => {
      expectError(await endpoint.send(tokens["a people:edit holder"], shared), 403, "forbidden");
    },
  );

  it("nothing changed through the refused requests", async () => {
    const person = await db().person.findUniqueOrThrow({ where: { id: shared.personId } });
    expect(person.language).toBe("en");
    expect(person.avatarKey).toBeNull();
    expect(await db().personFile.count({ where: { personId: shared.personId } })).toBe(1);
    expect(await db().role.count({ where: { id: shared.roleId } })).toBe(1);
    expect(await db().tag.count({ where: { id: shared.tagId } })).toBe(1);
  });
});

describe("sessions holding exactly the needed permission get through", () => {
  it.each(ENDPOINTS.filter((e) => e.permission).map((e) => [e.name, e] as const))("%s", async (_, endpoint) => {
    const holder = await d.addPersonWith([endpoint.permission!]);
    expectSuccess(await endpoint.send(holder.token, await makeTargets(d)));
  });
});

describe("403 forbidden: API keys without the scope", () => {
  const keyed = ENDPOINTS.filter((e) => e.scope);
  it.each(keyed.map((e) => [e.name, e.scope, e] as const))("%s without %s is 403", async (_, scope, endpoint) => {
    const { key } = await d.addKey(ALL_SCOPES.filter((s) => s !== scope));
    expectError(await endpoint.send(key, shared), 403, "forbidden");
  });

  it.each(keyed.map((e) => [e.name, e.scope, e] as const))("%s with only %s gets through", async (_, scope, endpoint) => {
    const { key } = await d.addKey([scope!]);
    expectSuccess(await endpoint.send(key, await makeTargets(d)));
  });

  it.each(ENDPOINTS.filter((e) => !e.scope).map((e) => [e.name, e] as const))("%s is 403 for a key with every scope", async (_, endpoint) => {
    const { key } = await d.addKey(ALL_SCOPES);
    expectError(await endpoint.send(key, shared), 403, "forbidden");
  });
});

describe("404 not_found: another district's ids", () => {
  let theirs: Targets;
  let key: string;
  beforeAll(async () => {
    theirs = await makeTargets(other);
    key = (await d.addKey(ALL_SCOPES)).key;
  });

  it.each(ENDPOINTS.filter((e) => e.byId).map((e) => [e.name, e] as const))("%s is 404 for our admin and our key", async (_, endpoint) => {
    expectError(await endpoint.send(d.admin.token, theirs), 404, "not_found");
    if (endpoint.scope) expectError(await endpoint.send(key, theirs), 404, "not_found");
  });

  it("their records are all still there and unchanged", async () => {
    const person = await db().person.findUniqueOrThrow({ where: { id: theirs.personId } });
    expect(person.language).toBe("en");
    expect(person.avatarKey).toBeNull();
    expect(await db().personFile.count({ where: { id: theirs.uploadId } })).toBe(1);
    expect((await db().role.findUniqueOrThrow({ where: { id: theirs.roleId } })).name).toMatch(/^Target role/);
    expect((await db().tag.findUniqueOrThrow({ where: { id: theirs.tagId } })).name).toMatch(/^Target tag/);
  });
});

describe("visibility of people for non-staff sessions", () => {
  type Cast = Record<"mentor" | "otherMentor" | "assigned" | "unassigned" | "staff" | "board", { id: string; token: string }>;
  let cast: Cast;
  let files: Record<string, string>;

  beforeAll(async () => {
    const v = await makeDistrict("Visibility");
    const [mentor, otherMentor, assigned, unassigned, staff, board] = [
      await v.addPerson("mentor"),
      await v.addPerson("mentor"),
      await v.addPerson("candidate"),
      await v.addPerson("candidate"),
      await v.addPerson("other"),
      await v.addPerson("board"),
    ];
    await v.assignMentor(mentor.id, assigned.id);
    await v.assignMentor(otherMentor.id, unassigned.id);
    cast = { mentor, otherMentor, assigned, unassigned, staff, board };
    files = {};
    for (const [name, person] of Object.entries(cast)) {
      const up = await api.post(`/api/people/${person.id}/uploads`, v.admin.token, undefined, { form: textForm() });
      files[name] = new URL(up.body.url).pathname;
    }
  });

  const rules: [viewer: keyof Cast, sees: (keyof Cast)[]][] = [
    ["mentor", ["mentor", "assigned"]],
    ["assigned", ["assigned"]],
    ["unassigned", ["unassigned"]],
    ["staff", ["staff"]],
  ];

  it.each(rules)("GET /api/people as the %s lists exactly %j", async (viewer, sees) => {
    const res = await api.get("/api/people?archived=true", cast[viewer].token);
    expect(res.status).toBe(200);
    expect(res.body.map((p: { id: string }) => p.id).sort()).toEqual(sees.map((s) => cast[s].id).sort());
  });

  const everyone = ["mentor", "otherMentor", "assigned", "unassigned", "staff", "board"] as const;
  describe.each(rules)("the %s", (viewer, sees) => {
    it.each(everyone.map((target) => [target, sees.includes(target) ? 200 : 404] as const))(
      "gets the %s's person, uploads and files with %i",
      async (target, status) => {
        const token = cast[viewer].token;
        expect((await api.get(`/api/people/${cast[target].id}`, token)).status).toBe(status);
        expect((await api.get(`/api/people/${cast[target].id}/uploads`, token)).status).toBe(status);
        expect((await api.get(files[target], token)).status).toBe(status);
        expect((await api.get(`/files/${files[target].split("/")[2]}/avatars/${cast[target].id}`, token)).status).toBe(status);
      },
    );
  });

  it("a board member sees everyone", async () => {
    const res = await api.get("/api/people", cast.board.token);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(everyone.map((w) => cast[w].id)));
    for (const target of everyone) expect((await api.get(files[target], cast.board.token)).status).toBe(200);
  });
});
