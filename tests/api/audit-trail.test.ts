import { beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/next-auth-options";
import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { db } from "@/lib/db/client";
import { pool } from "@/lib/db/pool";
import { api, call } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * The audit trail's capture (issue 32), through the real HTTP stack: every kind of write leaves its
 * row, with its actor and what it came through (a session by its id, a key by its id), in the same
 * transaction as the change; private answers by name only; no token or secret anywhere; reads of
 * private data, sign-ins and refused keys recorded; a person's rows outlive them; the chain verifies.
 */

type Row = {
  seq: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  via: string | null;
  action: string;
  record_type: string;
  record_id: string | null;
  person_id: string | null;
  changes: any;
  request_id: string | null;
};

let d: TestDistrict;
let other: TestDistrict;
let formId: string;
const secrets: string[] = [];

const label = (en: string) => ({ en });
const FIELDS = [
  { id: "notes", type: "text", label: label("Notes") },
  { id: "board_only", type: "text", label: label("Board only"), p: 1 },
  { id: "docs", type: "file", label: label("Documents") },
];

async function rows(where: { action?: string; recordId?: string; personId?: string } = {}, districtId = d.id): Promise<Row[]> {
  const { rows: found } = await pool().query<Row>(
    `select seq::text, actor_type, actor_id, actor_name, via, action, record_type, record_id, person_id, changes, request_id from audit_events
      where district_id = $1 and ($2::text is null or action = $2) and ($3::text is null or record_id = $3) and ($4::text is null or person_id = $4)
      order by audit_events.seq`,
    [districtId, where.action ?? null, where.recordId ?? null, where.personId ?? null],
  );
  return found;
}

const headSeq = async (districtId = d.id) =>
  Number((await pool().query<{ seq: string }>(`select coalesce(max(seq), 0)::text as seq from audit_events where district_id = $1`, [districtId])).rows[0].seq);

const sessionIdOf = async (token: string) => (await db().session.findUniqueOrThrow({ where: { sessionToken: token } })).id;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Audit capture"), makeDistrict("Audit other")]);
  secrets.push(d.admin.token, other.admin.token);
  formId = (await api.post("/api/forms", d.admin.token, { name: "Review", fields: FIELDS })).body.id;
});

describe("row writes through the API", () => {
  it("records a person's creation by a session: actor, name, session id (never the token), request id", async () => {
    const email = uniqueEmail("new");
    const res = await api.post("/api/people", d.admin.token, { first: "Nia", last: "New", email });
    expect(res.status).toBe(201);
    const [row] = await rows({ action: "person.created", recordId: res.body.id });
    expect(row).toMatchObject({
      actor_type: "person",
      actor_id: d.admin.id,
      via: `session:${await sessionIdOf(d.admin.token)}`,
      record_type: "person",
      person_id: res.body.id,
      changes: { first: "Nia", last: "New", email, archived: false },
    });
    expect(row.actor_name).toBeTruthy();
    expect(row.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.changes).not.toHaveProperty("email_key");
    expect(row.changes).not.toHaveProperty("updated_at");
  });

  it("records a key's change of a person as the key's, with each changed field's old and new value", async () => {
    const key = await d.addKey(["read:people", "write:people"]);
    secrets.push(key.key);
    const person = await d.addPerson("candidate", { first: "Old" });
    const res = await api.patch(`/api/people/${person.id}`, key.key, { first: "Fresh", language: "es" });
    expect(res.status).toBe(200);
    const [row] = await rows({ action: "person.updated", recordId: person.id });
    expect(row).toMatchObject({ actor_type: "key", actor_id: key.id, actor_name: "test key", via: `key:${key.id}`, person_id: person.id });
    expect(row.changes).toEqual({ first: { old: "Old", new: "Fresh" }, language: { old: "en", new: "es" } });
  });

  it("records a role change (the roles map) and a role's permission change", async () => {
    const person = await d.addPerson("candidate");
    const res = await api.patch(`/api/people/${person.id}`, d.admin.token, { roles: { [d.roles.mentor]: 1 } });
    expect(res.status).toBe(200);
    const [row] = await rows({ action: "person.updated", recordId: person.id });
    expect(row.changes.roles).toEqual({ old: { [d.roles.candidate]: 1 }, new: { [d.roles.mentor]: 1 } });

    const role = await api.post("/api/roles", d.admin.token, { name: "Reviewer", kind: "other", permissions: ["interviews:edit"] });
    expect(role.status).toBe(201);
    expect((await api.patch(`/api/roles/${role.body.id}`, d.admin.token, { permissions: ["interviews:edit", "people:edit"] })).status).toBe(200);
    const changed = await rows({ action: "role.updated", recordId: role.body.id });
    expect(changed.at(-1)!.changes.permissions).toEqual({ old: ["interviews:edit"], new: ["interviews:edit", "people:edit"] });
  });

  it("keeps a deleted person's rows, and records the deletion", async () => {
    const person = await d.addPerson("candidate", { first: "Gone" });
    expect((await api.patch(`/api/people/${person.id}`, d.admin.token, { last: "Soon" })).status).toBe(200);
    expect((await api.delete(`/api/people/${person.id}`, d.admin.token)).status).toBe(200);
    const about = await rows({ personId: person.id });
    expect(about.map((r) => r.action)).toEqual(expect.arrayContaining(["person.created", "auth.signed_in", "person.updated", "person.deleted"]));
    expect(about.find((r) => r.action === "person.deleted")!.changes).toMatchObject({ first: "Gone", last: "Soon" });
  });

  it("records a key's creation and revocation without its secret or hash", async () => {
    const created = await api.post("/api/keys", d.admin.token, { name: "Sync", scopes: ["read:people"] });
    expect(created.status).toBe(201);
    secrets.push(created.body.key);
    expect((await api.delete(`/api/keys/${created.body.id}`, d.admin.token)).status).toBe(200);
    const [made, revoked] = await rows({ recordId: created.body.id });
    expect(made).toMatchObject({ action: "key.created", record_type: "key", changes: { name: "Sync", scopes: ["read:people"], hint: created.body.hint } });
    expect(made.changes).not.toHaveProperty("hash");
    expect(revoked.action).toBe("key.updated");
    expect(revoked.changes.revoked_at.old).toBeNull();
    expect(typeof revoked.changes.revoked_at.new).toBe("string");
  });

  it("records a webhook endpoint's creation and change without its secret", async () => {
    const created = await api.post("/api/webhooks", d.admin.token, { url: "https://sis.district.invalid/hooks", event_types: ["person.created"] });
    expect(created.status).toBe(201);
    secrets.push(created.body.secret, created.body.secret.slice(6));
    expect((await api.patch(`/api/webhooks/${created.body.id}`, d.admin.token, { enabled: 0 })).status).toBe(200);
    const [made, changed] = await rows({ recordId: created.body.id });
    expect(made).toMatchObject({ action: "webhook_endpoint.created", changes: { url: "https://sis.district.invalid/hooks", event_types: ["person.created"] } });
    expect(made.changes).not.toHaveProperty("secret");
    expect(changed).toMatchObject({ action: "webhook_endpoint.updated" });
    expect(changed.changes.enabled).toEqual({ old: true, new: false });
  });

  it("records an interview's answers field by field, a private field by its name only", async () => {
    const candidate = await d.addPerson("candidate");
    const interview = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-10", form_id: formId });
    expect(interview.status).toBe(201);
    const patched = await api.patch(`/api/interviews/${candidate.id}/${interview.body.id}`, d.admin.token, {
      responses: { notes: { en: "Clear answers" }, board_only: { en: "Confidential remark" } },
    });
    expect(patched.status).toBe(200);
    const [row] = await rows({ action: "interview.updated", recordId: interview.body.id });
    expect(row.person_id).toBe(candidate.id);
    expect(row.changes.responses).toEqual({
      notes: { old: null, new: { en: "Clear answers" } },
      board_only: { private: true, label: { en: "Board only" } },
    });
    expect(JSON.stringify(await rows())).not.toContain("Confidential remark");
  });

  it("records each row of a people import, under the import's request", async () => {
    const emails = [uniqueEmail("imp"), uniqueEmail("imp")];
    const csv =
      ["first,last,email,language,primary_role,other_roles,tags,archived", ...emails.map((e, i) => `Im${i},Port,${e},en,Candidate,,,0`)].join("\r\n") + "\r\n";
    const res = await call("POST", "/api/people/import", { token: d.admin.token, rawBody: csv, headers: { "content-type": "text/csv" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = (await rows({ action: "person.created" })).filter((r) => emails.includes(r.changes.email));
    expect(created).toHaveLength(2);
    expect(new Set(created.map((r) => r.request_id)).size).toBe(1);
    expect(created.every((r) => r.actor_id === d.admin.id && r.via?.startsWith("session:"))).toBe(true);
  });

  it("leaves no row for a write that fails (the same transaction)", async () => {
    const taken = await d.addPerson("candidate");
    const before = await headSeq();
    const res = await api.post("/api/people", d.admin.token, { first: "Dup", last: "Licate", email: taken.email });
    expect(res.status).toBe(409);
    const bad = await api.patch(`/api/people/${taken.id}`, d.admin.token, { tags: ["no-such-tag"] });
    expect(bad.status).toBe(400);
    expect(await headSeq()).toBe(before);
  });

  it("never holds another district's rows, and no token or secret anywhere", async () => {
    const theirs = await other.addPerson("candidate");
    expect((await rows({ recordId: theirs.id })).length).toBe(0);
    expect((await rows({ recordId: theirs.id }, other.id)).length).toBeGreaterThan(0);
    const { rows: all } = await pool().query<{ text: string }>(`select row_to_json(a)::text as text from audit_events a where district_id = any($1::text[])`, [
      [d.id, other.id],
    ]);
    const text = all.map((r) => r.text).join("\n");
    for (const secret of secrets) expect(text).not.toContain(secret);
    const { rows: tokens } = await pool().query<{ session_token: string }>(
      `select s.session_token from sessions s join people p on p.id = s.person_id where p.district_id = $1`,
      [d.id],
    );
    for (const { session_token } of tokens) expect(text).not.toContain(session_token);
  });
});

describe("reads of private data, sign-ins, refused keys", () => {
  it("records an interview read with private fields by staff, not a candidate's read without them", async () => {
    const candidate = await d.addPerson("candidate");
    const made = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-11", form_id: formId });
    await api.patch(`/api/interviews/${candidate.id}/${made.body.id}`, d.admin.token, { published: 1 });
    expect((await api.get(`/api/interviews/${candidate.id}/${made.body.id}`, d.admin.token)).status).toBe(200);
    expect((await api.get(`/api/interviews/${candidate.id}/${made.body.id}`, candidate.token)).status).toBe(200);
    const reads = await rows({ action: "interview.private_read", recordId: made.body.id });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actor_id: d.admin.id, person_id: candidate.id, changes: { fields: ["board_only"] } });
  });

  it("records the serving of a person's file", async () => {
    const person = await d.addPerson("candidate");
    const form = new FormData();
    form.set("file", new File(["report"], "report.txt", { type: "text/plain" }));
    const uploaded = await api.post(`/api/people/${person.id}/uploads`, d.admin.token, undefined, { form });
    expect(uploaded.status).toBe(201);
    expect((await api.get(new URL(uploaded.body.url).pathname, d.admin.token)).status).toBe(200);
    const [read] = await rows({ action: "person_file.read", recordId: uploaded.body.id });
    expect(read).toMatchObject({ actor_id: d.admin.id, person_id: person.id, record_type: "person_file" });
  });

  it("records the serving of an interview's file", async () => {
    const candidate = await d.addPerson("candidate");
    const made = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-03-12", form_id: formId });
    const form = new FormData();
    form.set("file", new File(["cv"], "cv.pdf", { type: "application/pdf" }));
    form.set("field_id", "docs");
    const uploaded = await call("POST", `/api/interviews/${candidate.id}/${made.body.id}/files`, { token: d.admin.token, form });
    expect(uploaded.status).toBe(201);
    expect((await api.get(new URL(uploaded.body.url).pathname, d.admin.token)).status).toBe(200);
    const [read] = await rows({ action: "interview_file.read", recordId: uploaded.body.id });
    expect(read).toMatchObject({ actor_id: d.admin.id, person_id: candidate.id });
  });

  it("records a sign-in through a sign-in link, as the person through the new session", async () => {
    const person = await d.addPerson("board");
    const user = await db().user.upsert({ where: { email: person.email }, update: {}, create: { email: person.email } });
    const adapter = authOptions().adapter!;
    const token = `test-${crypto.randomUUID()}`;
    await adapter.createSession!({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + 60_000) });
    const sessionId = await sessionIdOf(token);
    const [row] = await rows({ action: "auth.signed_in", recordId: sessionId });
    expect(row).toMatchObject({
      actor_type: "person",
      actor_id: person.id,
      via: `session:${sessionId}`,
      record_type: "session",
      person_id: person.id,
      changes: { method: "email" },
    });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("records a revoked or expired key's use, not an unknown key's", async () => {
    const revoked = await d.addKey(["read:people"], { revoked: true });
    const expired = await d.addKey(["read:people"], { expiresAt: new Date(Date.now() - 1000) });
    secrets.push(revoked.key, expired.key);
    expect((await api.get("/api/people", revoked.key)).status).toBe(401);
    expect((await api.get("/api/people", expired.key)).status).toBe(401);
    const before = await headSeq();
    expect((await api.get("/api/people", "cas_unknownkeyunknownkeyunknownkeyunknownkey1")).status).toBe(401);
    expect(await headSeq()).toBe(before);
    expect((await rows({ action: "key.use_failed", recordId: revoked.id }))[0]).toMatchObject({
      actor_type: "key",
      via: `key:${revoked.id}`,
      changes: { reason: "revoked" },
    });
    expect((await rows({ action: "key.use_failed", recordId: expired.id }))[0].changes).toEqual({ reason: "expired" });
  });

  it("leaves a chain that verifies", async () => {
    const report = await verifyAuditChain(pool(), d.id);
    expect(report).toMatchObject({ ok: true, first_bad: null });
    expect(report.rows).toBe(await headSeq());
  });
});
