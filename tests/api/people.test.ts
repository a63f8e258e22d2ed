import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as serveFileRoute } from "@/app/files/[...path]/route";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { api, BASE } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;
let other: TestDistrict;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("People"), makeDistrict("Other")]);
});

const filesRoot = () => path.join(env().dataDir, "files");
const storedPath = (key: string) => path.join(filesRoot(), key);
/** The storage key of a /files URL returned by the API. */
const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/files\//, ""));

async function createPerson(body: Record<string, unknown> = {}) {
  const res = await api.post("/api/people", d.admin.token, { first: "Ada", last: "Lovelace", email: uniqueEmail("ada"), ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; email: string; [k: string]: unknown };
}

function fileForm(content: BlobPart, fileName: string, type: string, name?: string) {
  const form = new FormData();
  form.set("file", new File([content], fileName, { type }));
  if (name !== undefined) form.set("name", name);
  return form;
}

async function upload(personId: string, form: FormData, token = d.admin.token) {
  return api.post(`/api/people/${personId}/uploads`, token, undefined, { form });
}

/** Outbox messages (DATA_DIR/outbox/*.json) addressed to this e-mail. */
function outboxFor(email: string) {
  const dir = path.join(env().dataDir, "outbox");
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
  return names
    .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")) as { to: string; subject: string; text: string; html: string })
    .filter((m) => m.to === email);
}

describe("GET /api/people", () => {
  it("lists active people with avatar_url null, and archived ones only with ?archived=true", async () => {
    const active = await createPerson();
    const archived = await createPerson();
    expect((await api.patch(`/api/people/${archived.id}`, d.admin.token, { archived: 1 })).status).toBe(200);

    const list = await api.get("/api/people", d.admin.token);
    expect(list.status).toBe(200);
    const ids = list.body.map((p: { id: string }) => p.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(archived.id);
    const item = list.body.find((p: { id: string }) => p.id === active.id);
    expect(item).toEqual({
      id: active.id,
      first: "Ada",
      last: "Lovelace",
      email: active.email,
      language: "en",
      roles: {},
      tags: [],
      archived: 0,
      avatar_url: null,
      district_id: d.id,
      created_at: expect.any(Number),
    });

    const all = await api.get("/api/people?archived=true", d.admin.token);
    expect(all.status).toBe(200);
    const archivedItem = all.body.find((p: { id: string }) => p.id === archived.id);
    expect(archivedItem).toMatchObject({ archived: 1, avatar_url: null });

    const explicitFalse = await api.get("/api/people?archived=false", d.admin.token);
    expect(explicitFalse.body.map((p: { id: string }) => p.id)).not.toContain(archived.id);
  });

  it("never lists another district's people", async () => {
    const list = await api.get("/api/people?archived=true", d.admin.token);
    expect(list.body.every((p: { district_id: string }) => p.district_id === d.id)).toBe(true);
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(other.admin.id);
  });

  it("rejects a non-boolean archived query with 400", async () => {
    const res = await api.get("/api/people?archived=maybe", d.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details[0].path).toBe("query.archived");
  });
});

describe("GET /api/people/:id", () => {
  it("returns the single-person shape: avatar_url a URL and the mentors array", async () => {
    const mentor = await d.addPerson("mentor");
    const person = await createPerson();
    await d.assignMentor(mentor.id, person.id);
    const res = await api.get(`/api/people/${person.id}`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, district_id: d.id, archived: 0, tags: [], mentors: [mentor.id] });
    expect(res.body.avatar_url).toBe(`${BASE}/files/${d.id}/avatars/${person.id}`);
    for (const extra of ["files", "interviews", "tag_details", "photo_url"]) expect(res.body).not.toHaveProperty(extra);
  });

  it("adds files, interviews, tag_details and photo_url when include asks for them", async () => {
    const tag = await api.post("/api/tags", d.admin.token, { name: `Include ${Date.now()}` });
    const person = await createPerson({ tags: [tag.body.id] });
    const uploaded = await upload(person.id, fileForm("hello", "notes.txt", "text/plain", "Notes"));
    expect(uploaded.status).toBe(201);
    const interview = await db().interview.create({ data: { districtId: d.id, personId: person.id, date: "2026-01-15" } });

    const res = await api.get(`/api/people/${person.id}?include=files,interviews,tags,photo_url`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body.files).toEqual([expect.objectContaining({ id: uploaded.body.id, name: "Notes" })]);
    expect(res.body.interviews.map((i: { id: string }) => i.id)).toEqual([interview.id]);
    expect(res.body.tag_details).toEqual([{ id: tag.body.id, name: tag.body.name }]);
    expect(res.body.photo_url).toBeNull();

    const onlyTags = await api.get(`/api/people/${person.id}?include=tags`, d.admin.token);
    expect(onlyTags.body).toHaveProperty("tag_details");
    expect(onlyTags.body).not.toHaveProperty("files");
    expect(onlyTags.body).not.toHaveProperty("interviews");
  });

  it("an unknown include value is 400", async () => {
    const res = await api.get(`/api/people/${d.admin.id}?include=files,secrets`, d.admin.token);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details[0].path).toBe("query.include");
  });

  it("an unknown id and another district's id are 404", async () => {
    for (const id of ["doesnotexist", other.admin.id]) {
      const res = await api.get(`/api/people/${id}`, d.admin.token);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });
});

describe("POST /api/people", () => {
  it("creates a person (201) with tags [] and language en, and no avatar_url key", async () => {
    const email = uniqueEmail("new");
    const res = await api.post("/api/people", d.admin.token, { first: "Grace", last: "Hopper", email });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      first: "Grace",
      last: "Hopper",
      email,
      language: "en",
      roles: {},
      tags: [],
      archived: 0,
      district_id: d.id,
      created_at: expect.any(Number),
    });
    expect(res.body).not.toHaveProperty("avatar_url");
    expect((await api.get(`/api/people/${res.body.id}`, d.admin.token)).status).toBe(200);
  });

  it("keeps the given language, roles and tags", async () => {
    const tag = await api.post("/api/tags", d.admin.token, { name: `Create ${Date.now()}` });
    const res = await api.post("/api/people", d.admin.token, {
      first: "Lin",
      last: "Wei",
      email: uniqueEmail("lin"),
      language: "pt-BR",
      roles: { [d.roles.candidate]: 1, [d.roles.other]: 2 },
      tags: [tag.body.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ language: "pt-BR", roles: { [d.roles.candidate]: 1, [d.roles.other]: 2 }, tags: [tag.body.id] });
  });

  it("e-mail is unique per district, case-insensitively (409), but may repeat in another district", async () => {
    const email = uniqueEmail("dup");
    expect((await api.post("/api/people", d.admin.token, { first: "A", last: "B", email })).status).toBe(201);
    const dup = await api.post("/api/people", d.admin.token, { first: "C", last: "D", email: email.toUpperCase() });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("conflict");

    const elsewhere = await api.post("/api/people", other.admin.token, { first: "A", last: "B", email });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.district_id).toBe(other.id);
  });

  it("unknown role and tag ids are 400 with details, including another district's", async () => {
    const otherTag = await api.post("/api/tags", other.admin.token, { name: `Theirs ${Date.now()}` });
    const res = await api.post("/api/people", d.admin.token, {
      first: "A",
      last: "B",
      email: uniqueEmail(),
      roles: { nosuchrole: 1, [other.roles.admin]: 2 },
      tags: ["nosuchtag", otherTag.body.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    const paths = res.body.error.details.map((x: { path: string }) => x.path);
    expect(paths).toEqual(expect.arrayContaining(["roles.nosuchrole", `roles.${other.roles.admin}`, "tags"]));
    expect(res.body.error.details.filter((x: { path: string }) => x.path === "tags")).toHaveLength(2);
  });

  it("wrong types and missing fields are 400 validation_error with details[{path,message}]", async () => {
    const res = await api.post("/api/people", d.admin.token, { first: 42, email: "not-an-email", tags: "x", roles: { [d.roles.mentor]: 3 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    for (const detail of res.body.error.details) expect(detail).toEqual({ path: expect.any(String), message: expect.any(String) });
    const paths = res.body.error.details.map((x: { path: string }) => x.path);
    expect(paths).toEqual(expect.arrayContaining(["first", "last", "email", "tags", `roles.${d.roles.mentor}`]));

    const badLanguage = await api.post("/api/people", d.admin.token, { first: "A", last: "B", email: uniqueEmail(), language: "not a language!" });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.error.details[0].path).toBe("language");
  });

  it("invalid JSON is 400 invalid_json; a body over 1 MB is 413 payload_too_large", async () => {
    const broken = await api.post("/api/people", d.admin.token, undefined, { rawBody: '{"first":', headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe("invalid_json");

    const big = JSON.stringify({ first: "A", last: "B", email: uniqueEmail(), padding: "x".repeat(1024 * 1024) });
    const before = await db().person.count({ where: { districtId: d.id } });
    const tooLarge = await api.post("/api/people", d.admin.token, undefined, { rawBody: big, headers: { "content-type": "application/json" } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.code).toBe("payload_too_large");
    expect(await db().person.count({ where: { districtId: d.id } })).toBe(before);
  });
});

describe("PATCH /api/people/:id", () => {
  it("changes only the fields sent and returns the single-person shape", async () => {
    const person = await createPerson({ language: "es" });
    const res = await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Augusta" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, first: "Augusta", last: "Lovelace", email: person.email, language: "es", tags: [], mentors: [] });
    expect(res.body.avatar_url).toBe(`${BASE}/files/${d.id}/avatars/${person.id}`);

    const roles = await api.patch(`/api/people/${person.id}`, d.admin.token, { roles: { [d.roles.candidate]: 1 } });
    expect(roles.body).toMatchObject({ first: "Augusta", language: "es", roles: { [d.roles.candidate]: 1 } });
  });

  it("accepts archived 0/1 and archiving revokes the person's sessions (401 afterwards)", async () => {
    const member = await d.addPerson("board");
    expect((await api.get("/api/people", member.token)).status).toBe(200);
    const archived = await api.patch(`/api/people/${member.id}`, d.admin.token, { archived: 1 });
    expect(archived.status).toBe(200);
    expect(archived.body.archived).toBe(1);
    expect(await db().session.count({ where: { personId: member.id } })).toBe(0);
    const refused = await api.get("/api/people", member.token);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("unauthorized");

    const restored = await api.patch(`/api/people/${member.id}`, d.admin.token, { archived: 0 });
    expect(restored.status).toBe(200);
    expect(restored.body.archived).toBe(0);

    const bad = await api.patch(`/api/people/${member.id}`, d.admin.token, { archived: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("archived");
  });

  it("sets the mentors list; an unknown mentor or the person themself is 400", async () => {
    const [m1, m2] = await Promise.all([d.addPerson("mentor"), d.addPerson("mentor")]);
    const candidate = await createPerson();
    const set = await api.patch(`/api/people/${candidate.id}`, d.admin.token, { mentors: [m1.id, m2.id] });
    expect(set.status).toBe(200);
    expect([...set.body.mentors].sort()).toEqual([m1.id, m2.id].sort());

    const replaced = await api.patch(`/api/people/${candidate.id}`, d.admin.token, { mentors: [m2.id] });
    expect(replaced.body.mentors).toEqual([m2.id]);

    const unknown = await api.patch(`/api/people/${candidate.id}`, d.admin.token, { mentors: ["nosuchperson"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe("mentors");

    const otherDistrict = await api.patch(`/api/people/${candidate.id}`, d.admin.token, { mentors: [other.admin.id] });
    expect(otherDistrict.status).toBe(400);

    const self = await api.patch(`/api/people/${candidate.id}`, d.admin.token, { mentors: [candidate.id] });
    expect(self.status).toBe(400);
    expect(self.body.error.details[0].path).toBe("mentors");

    expect((await api.get(`/api/people/${candidate.id}`, d.admin.token)).body.mentors).toEqual([m2.id]);
  });

  it("changing the e-mail to one already used (any case) is 409", async () => {
    const [a, b] = await Promise.all([createPerson(), createPerson()]);
    const res = await api.patch(`/api/people/${a.id}`, d.admin.token, { email: b.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });

  it("unknown tag ids are 400; another district's person is 404", async () => {
    const person = await createPerson();
    const bad = await api.patch(`/api/people/${person.id}`, d.admin.token, { tags: ["nosuchtag"] });
    expect(bad.status).toBe(400);
    const foreign = await api.patch(`/api/people/${other.admin.id}`, d.admin.token, { first: "Hacked" });
    expect(foreign.status).toBe(404);
    expect((await db().person.findUniqueOrThrow({ where: { id: other.admin.id } })).first).not.toBe("Hacked");
  });
});

describe("granting roles", () => {
  it("a people editor (not admin, no settings) may give ordinary roles but not privileges beyond their own", async () => {
    const editor = await d.addPersonWith(["people:edit"]);
    const settingsRole = await api.post("/api/roles", d.admin.token, { name: `Settings ${Date.now()}`, kind: "other", permissions: ["settings"] });
    const sameRole = await api.post("/api/roles", d.admin.token, { name: `Editors ${Date.now()}`, kind: "other", permissions: ["people:edit"] });

    const ordinary = await api.post("/api/people", editor.token, { first: "C", last: "D", email: uniqueEmail(), roles: { [d.roles.candidate]: 1 } });
    expect(ordinary.status).toBe(201);
    const peer = await api.patch(`/api/people/${ordinary.body.id}`, editor.token, { roles: { [d.roles.candidate]: 1, [sameRole.body.id]: 2 } });
    expect(peer.status).toBe(200);

    const refusals = [
      await api.patch(`/api/people/${editor.id}`, editor.token, { roles: { [d.roles.admin]: 1 } }),
      await api.patch(`/api/people/${ordinary.body.id}`, editor.token, { roles: { [settingsRole.body.id]: 1 } }),
      await api.patch(`/api/people/${ordinary.body.id}`, editor.token, { roles: { [d.roles.board]: 1 } }),
      await api.post("/api/people", editor.token, { first: "E", last: "F", email: uniqueEmail(), roles: { [d.roles.admin]: 1 } }),
      // Nor take the admin role away from an admin.
      await api.patch(`/api/people/${d.admin.id}`, editor.token, { roles: { [d.roles.candidate]: 1 } }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    expect((await db().person.findUniqueOrThrow({ where: { id: editor.id } })).roles).toEqual({ [editor.roleId]: 1 });
    expect((await db().person.findUniqueOrThrow({ where: { id: d.admin.id } })).roles).toEqual({ [d.roles.admin]: 1 });

    // Unchanged privileged roles do not block other edits.
    expect((await api.patch(`/api/people/${d.admin.id}`, editor.token, { language: "de" })).status).toBe(200);
    expect((await api.patch(`/api/people/${d.admin.id}`, editor.token, { roles: { [d.roles.admin]: 1 } })).status).toBe(200);
  });

  it("an admin may grant any role; a settings holder only what they hold (settings defines roles, it does not make admins)", async () => {
    const settings = await d.addPersonWith(["settings", "people:edit"]);
    const a = await api.post("/api/people", d.admin.token, { first: "A", last: "Admin", email: uniqueEmail(), roles: { [d.roles.admin]: 1 } });
    expect(a.status).toBe(201);
    const b = await api.post("/api/people", settings.token, {
      first: "B",
      last: "Board",
      email: uniqueEmail(),
      roles: { [d.roles.board]: 1, [d.roles.admin]: 2 },
    });
    expect(b.status).toBe(403);
    const c = await api.post("/api/people", settings.token, { first: "C", last: "Peer", email: uniqueEmail(), roles: { [settings.roleId]: 1 } });
    expect(c.status).toBe(201);
  });
});

describe("DELETE /api/people/:id", () => {
  it("deletes the person, their files (rows and bytes), photo, interviews with their stored bytes, mentor links and sessions", async () => {
    const person = await d.addPerson("candidate");
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, person.id);
    const file = await upload(person.id, fileForm("secret bytes", "cv.pdf", "application/pdf"));
    expect(file.status).toBe(201);
    const photo = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { form: fileForm(new Uint8Array([137, 80, 78, 71]), "me.png", "image/png") });
    expect(photo.status).toBe(200);
    const fileBytes = storedPath(keyOf(file.body.url));
    const photoBytes = storedPath(keyOf(photo.body.photo_url));
    // An interview with an attachment and a recording, stored as the interview and audio code store them.
    const recordingKey = `${d.id}/audio/${person.id}/rec-1-${person.id}.webm`;
    const attachmentKey = `${d.id}/interviews/${person.id}/att-1/notes.txt`;
    const interview = await db().interview.create({ data: { districtId: d.id, personId: person.id, date: "2026-02-01" } });
    await db().audioRecording.create({
      data: {
        id: `rec-1-${person.id}`,
        districtId: d.id,
        interviewId: interview.id,
        personId: person.id,
        name: { en: "Take 1" },
        storageKey: recordingKey,
        finalizedAt: new Date(),
      },
    });
    await db().interviewFile.create({
      data: { districtId: d.id, interviewId: interview.id, fieldId: "f1", name: "notes.txt", storageKey: attachmentKey, contentType: "text/plain", size: 5 },
    });
    for (const key of [recordingKey, attachmentKey]) {
      fs.mkdirSync(path.dirname(storedPath(key)), { recursive: true });
      fs.writeFileSync(storedPath(key), "bytes");
    }
    expect(fs.existsSync(fileBytes)).toBe(true);
    expect(fs.existsSync(photoBytes)).toBe(true);

    const res = await api.delete(`/api/people/${person.id}`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect(await db().person.findUnique({ where: { id: person.id } })).toBeNull();
    expect(await db().personFile.count({ where: { personId: person.id } })).toBe(0);
    expect(await db().mentorAssignment.count({ where: { candidateId: person.id } })).toBe(0);
    expect(await db().session.count({ where: { personId: person.id } })).toBe(0);
    expect(fs.existsSync(fileBytes)).toBe(false);
    expect(fs.existsSync(photoBytes)).toBe(false);
    expect(await db().interview.count({ where: { personId: person.id } })).toBe(0);
    expect(fs.existsSync(storedPath(recordingKey))).toBe(false);
    expect(fs.existsSync(storedPath(attachmentKey))).toBe(false);
    expect((await api.get("/api/people", person.token)).status).toBe(401);
    expect((await api.get(`/api/people/${person.id}`, d.admin.token)).status).toBe(404);
    // The mentor is untouched.
    expect((await api.get(`/api/people/${mentor.id}`, d.admin.token)).status).toBe(200);
  });

  it("another district's person is 404 and stays", async () => {
    const res = await api.delete(`/api/people/${other.admin.id}`, d.admin.token);
    expect(res.status).toBe(404);
    expect(await db().person.findUnique({ where: { id: other.admin.id } })).not.toBeNull();
  });
});

describe("POST /api/people/:id/invite", () => {
  it("puts an invitation with a sign-in link in the outbox and answers {ok:true}", async () => {
    const person = await createPerson();
    const res = await api.post(`/api/people/${person.id}/invite`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [mail] = outboxFor(person.email);
    expect(mail).toBeDefined();
    const link = /https?:\/\/\S+\/api\/auth\/callback\/email\?\S*token=[0-9a-f]+\S*/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).searchParams.get("email")).toBe(person.email.toLowerCase());
    expect(mail.html).toContain("/api/auth/callback/email?");
  });

  it("an archived person is 409 and gets no mail; an unknown person is 404", async () => {
    const person = await createPerson();
    await api.patch(`/api/people/${person.id}`, d.admin.token, { archived: 1 });
    const res = await api.post(`/api/people/${person.id}/invite`, d.admin.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    expect(outboxFor(person.email)).toHaveLength(0);
    expect((await api.post(`/api/people/${other.admin.id}/invite`, d.admin.token)).status).toBe(404);
  });
});

describe("uploads", () => {
  afterEach(() => {
    delete process.env.MAX_UPLOAD_BYTES;
    resetEnvCache();
  });

  it("uploads, lists, serves and deletes a person's file", async () => {
    const person = await createPerson();
    const created = await upload(person.id, fileForm("report body", "report.txt", "text/plain", "Quarterly report"));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), name: "Quarterly report", content_type: "text/plain", size: 11 });
    expect(created.body.url.startsWith(`${BASE}/files/${d.id}/`)).toBe(true);

    const list = await api.get(`/api/people/${person.id}/uploads`, d.admin.token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.body]);

    const served = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(served.status).toBe(200);
    expect(served.body).toBe("report body");
    expect(served.headers.get("content-type")).toBe("text/plain");

    const bytes = storedPath(keyOf(created.body.url));
    expect(fs.readFileSync(bytes, "utf8")).toBe("report body");
    const removed = await api.delete(`/api/people/${person.id}/uploads/${created.body.id}`, d.admin.token);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect(fs.existsSync(bytes)).toBe(false);
    expect((await api.get(`/api/people/${person.id}/uploads`, d.admin.token)).body).toEqual([]);
    expect((await api.get(new URL(created.body.url).pathname, d.admin.token)).status).toBe(404);
    expect((await api.delete(`/api/people/${person.id}/uploads/${created.body.id}`, d.admin.token)).status).toBe(404);
  });

  it("uses the file's own name when no display name is sent", async () => {
    const person = await createPerson();
    const created = await upload(person.id, fileForm("x", "photo of me.txt", "text/plain"));
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("photo of me.txt");
  });

  it("refuses a body that is not multipart (415) and an empty or missing file (400)", async () => {
    const person = await createPerson();
    const json = await api.post(`/api/people/${person.id}/uploads`, d.admin.token, { file: "aGVsbG8=" });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe("unsupported_media_type");

    const empty = await upload(person.id, fileForm("", "empty.txt", "text/plain"));
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe("validation_error");
    expect(empty.body.error.details[0].path).toBe("file");

    const noFile = new FormData();
    noFile.set("name", "nothing");
    const missing = await upload(person.id, noFile);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe("file");
    expect(await db().personFile.count({ where: { personId: person.id } })).toBe(0);
  });

  it("a file over MAX_UPLOAD_BYTES is 413 and nothing is written", async () => {
    const person = await createPerson();
    process.env.MAX_UPLOAD_BYTES = "2048";
    resetEnvCache();
    const res = await upload(person.id, fileForm(new Uint8Array(4096).fill(65), "big.bin", "application/octet-stream"));
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
    expect(await db().personFile.count({ where: { personId: person.id } })).toBe(0);
    expect(fs.existsSync(path.join(filesRoot(), d.id, "people", person.id))).toBe(false);
  });

  it("stores a name like ../../etc/passwd safely inside DATA_DIR/files/<district_id>/ and keeps its display name", async () => {
    const person = await createPerson();
    const created = await upload(person.id, fileForm("root:x:0:0", "../../etc/passwd", "text/plain"));
    expect(created.status).toBe(201);
    expect(created.body.name).toBe("../../etc/passwd");
    const row = await db().personFile.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.storageKey.split("/")).not.toContain("..");
    const full = path.resolve(filesRoot(), row.storageKey);
    expect(full.startsWith(path.join(filesRoot(), d.id) + path.sep)).toBe(true);
    expect(fs.readFileSync(full, "utf8")).toBe("root:x:0:0");
    const served = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toContain(encodeURIComponent("../../etc/passwd"));
  });

  it("another district's person is 404 for list, upload and delete", async () => {
    const theirs = await upload(other.admin.id, fileForm("theirs", "t.txt", "text/plain"), other.admin.token);
    expect(theirs.status).toBe(201);
    expect((await api.get(`/api/people/${other.admin.id}/uploads`, d.admin.token)).status).toBe(404);
    expect((await upload(other.admin.id, fileForm("mine", "m.txt", "text/plain"))).status).toBe(404);
    expect((await api.delete(`/api/people/${other.admin.id}/uploads/${theirs.body.id}`, d.admin.token)).status).toBe(404);
    // Nor through one of our own people.
    expect((await api.delete(`/api/people/${d.admin.id}/uploads/${theirs.body.id}`, d.admin.token)).status).toBe(404);
    expect(await db().personFile.count({ where: { id: theirs.body.id } })).toBe(1);
  });
});

describe("PUT/DELETE /api/people/:id/photo", () => {
  it("sets an image as the photo, serves it at avatar_url and photo_url, and removes it", async () => {
    const person = await createPerson();
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    const res = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { form: fileForm(png, "me.png", "image/png") });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.id, photo_url: expect.stringContaining(`${BASE}/files/${d.id}/`) });

    const viaAvatar = await api.get(new URL(res.body.avatar_url).pathname, d.admin.token);
    expect(viaAvatar.status).toBe(200);
    expect(viaAvatar.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await viaAvatar.response.arrayBuffer())).toEqual(png);
    const viaPhoto = await api.get(new URL(res.body.photo_url).pathname, d.admin.token);
    expect(viaPhoto.status).toBe(200);

    const removed = await api.delete(`/api/people/${person.id}/photo`, d.admin.token);
    expect(removed.status).toBe(200);
    expect(fs.existsSync(storedPath(keyOf(res.body.photo_url)))).toBe(false);
    const after = await api.get(`/api/people/${person.id}?include=photo_url`, d.admin.token);
    expect(after.body.photo_url).toBeNull();
    // Without a photo, the avatar is an initials picture.
    const initials = await api.get(new URL(after.body.avatar_url).pathname, d.admin.token);
    expect(initials.status).toBe(200);
    expect(initials.headers.get("content-type")).toBe("image/svg+xml");
    expect((await api.get(new URL(res.body.photo_url).pathname, d.admin.token)).status).toBe(404);
  });

  it("replacing a photo deletes the old bytes", async () => {
    const person = await createPerson();
    const first = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { form: fileForm(new Uint8Array([1]), "a.png", "image/png") });
    const second = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { form: fileForm(new Uint8Array([2]), "b.jpg", "image/jpeg") });
    expect(second.status).toBe(200);
    expect(second.body.photo_url).not.toBe(first.body.photo_url);
    expect(fs.existsSync(storedPath(keyOf(first.body.photo_url)))).toBe(false);
    expect(fs.existsSync(storedPath(keyOf(second.body.photo_url)))).toBe(true);
  });

  it("refuses anything but an image (415) and non-multipart bodies (415)", async () => {
    const person = await createPerson();
    const html = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { form: fileForm("<b>hi</b>", "me.html", "text/html") });
    expect(html.status).toBe(415);
    expect(html.body.error.code).toBe("unsupported_media_type");
    const svg = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { form: fileForm("<svg/>", "me.svg", "image/svg+xml") });
    expect(svg.status).toBe(415);
    const json = await api.put(`/api/people/${person.id}/photo`, d.admin.token, { body: { photo: "x" } });
    expect(json.status).toBe(415);
    expect((await api.get(`/api/people/${person.id}?include=photo_url`, d.admin.token)).body.photo_url).toBeNull();
  });
});

/** Calls the /files route with raw path segments, as Next hands them over (no URL normalisation). */
async function getFileBySegments(segments: string[], token: string) {
  const req = new Request(`${BASE}/files/x`, { headers: { authorization: `Bearer ${token}` } });
  const res = await serveFileRoute(req, { params: Promise.resolve({ path: segments }) });
  return res.status;
}

describe("GET /files/<district_id>/…", () => {
  it("serves a file only to callers who may see its person", async () => {
    const candidate = await d.addPerson("candidate");
    const [assigned, unassigned, otherCandidate] = await Promise.all([d.addPerson("mentor"), d.addPerson("mentor"), d.addPerson("candidate")]);
    await d.assignMentor(assigned.id, candidate.id);
    const created = await upload(candidate.id, fileForm("private", "private.txt", "text/plain"));
    const filePath = new URL(created.body.url).pathname;

    expect((await api.get(filePath, d.admin.token)).status).toBe(200);
    expect((await api.get(filePath, candidate.token)).status).toBe(200);
    expect((await api.get(filePath, assigned.token)).status).toBe(200);
    expect((await api.get(filePath, unassigned.token)).status).toBe(404);
    expect((await api.get(filePath, otherCandidate.token)).status).toBe(404);
    expect((await api.get(filePath, other.admin.token)).status).toBe(404);
    expect((await api.get(filePath)).status).toBe(401);
  });

  it("another district's path is 404, whoever asks", async () => {
    const theirs = await upload(other.admin.id, fileForm("theirs", "t.txt", "text/plain"), other.admin.token);
    const res = await api.get(new URL(theirs.body.url).pathname, d.admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    // Our district id with their key path is 404 too.
    const swapped = new URL(theirs.body.url).pathname.replace(other.id, d.id);
    expect((await api.get(swapped, d.admin.token)).status).toBe(404);
  });

  it("path tricks (.. segments, encoded slashes, unknown areas) are 404", async () => {
    const person = await createPerson();
    const created = await upload(person.id, fileForm("data", "data.txt", "text/plain"));
    const [districtId, area, personId, fileId, name] = keyOf(created.body.url).split("/");
    expect(await getFileBySegments([districtId, area, personId, fileId, name], d.admin.token)).toBe(200);
    const tricks = [
      [districtId, area, personId, fileId, "..", fileId, name],
      [districtId, area, personId, "..", personId, fileId, name],
      [districtId, "..", other.id, area, personId, fileId, name],
      ["..", "..", "etc", "passwd"],
      [districtId, area, personId, fileId, `..%2F${name}`],
      [districtId, area, personId, `${fileId}/${name}`],
      [districtId, "avatars", ".."],
      [districtId, "secrets", personId],
      [districtId],
    ];
    for (const segments of tricks) expect({ segments, status: await getFileBySegments(segments, d.admin.token) }).toEqual({ segments, status: 404 });
    expect((await api.get(`/files/${districtId}/${area}/${personId}/${fileId}/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`, d.admin.token)).status).toBe(404);
  });

  it("names the download exactly (RFC 8187 filename*) with an ASCII fallback", async () => {
    const person = await createPerson();
    const created = await upload(person.id, fileForm("x", "x.pdf", "application/pdf", `O'Brien (final) "résumé"* 100%.pdf`));
    const res = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="O'Brien (final) _resume_* 100_.pdf"; filename*=UTF-8''O%27Brien%20%28final%29%20%22r%C3%A9sum%C3%A9%22%2A%20100%25.pdf`,
    );
  });

  it("serves an uploaded HTML page as an attachment with nosniff", async () => {
    const person = await createPerson();
    const created = await upload(person.id, fileForm("<script>alert(1)</script>", "page.html", "text/html", "Page"));
    const res = await api.get(new URL(created.body.url).pathname, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
  });
});

describe("PATCH /api/me", () => {
  it("a candidate changes their own language, and nothing else can be changed that way", async () => {
    const candidate = await d.addPerson("candidate");
    const res = await api.patch("/api/me", candidate.token, { language: "es" });
    expect(res.status).toBe(200);
    expect(res.body.person.language).toBe("es");
    const sneaky = await api.patch("/api/me", candidate.token, { language: "en", email: uniqueEmail("x") });
    expect(sneaky.status).toBe(400);
    expect((await db().person.findUniqueOrThrow({ where: { id: candidate.id } })).language).toBe("es");
    expect((await api.patch("/api/me", candidate.token, { language: "not a language!" })).status).toBe(400);
    expect((await api.patch("/api/me", (await d.addKey(["write:people"])).key, { language: "es" })).status).toBe(403);
  });
});
