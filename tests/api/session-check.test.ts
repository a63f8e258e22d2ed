/**
 * The single reads (a person, an interview) on a remembered session (lib/auth/session-check.ts): after a first request,
 * the read checks the session in its own statement, one round trip instead of two, and a
 * sign-out, an expiry, an archived person or a changed role still counts from the very next
 * request. The statements are counted on their way to the database, unchanged.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

const sent = vi.hoisted(() => ({ texts: [] as string[] }));
// Only a request's statements: the workers' periodic tasks in this process (search index upkeep every 3 s) query too.
vi.mock("@/lib/db/pool", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/db/pool")>();
  const { requestContext } = await import("@/lib/http/request-context");
  const ofARequest = () => Boolean(requestContext()?.requestId && !requestContext()?.job);
  return { ...original, sqlRows: (text: string, values?: unknown[]) => (ofARequest() && sent.texts.push(text), original.sqlRows(text, values)) };
});

const AUDIT = /audit_append_many/;
const PRESENCE = /person_presence/;

/** The response, and how many statements it took through the app's own SQL path (the audit trail's record of a private read apart). */
async function counted<T>(work: () => Promise<T>): Promise<{ res: T; statements: number; audited: number }> {
  sent.texts.length = 0;
  const res = await work();
  // The note that the person is online (lib/notifications/note-presence.ts) is not awaited and at most once a minute: not the read's.
  const texts = sent.texts.filter((t) => !PRESENCE.test(t));
  const audited = texts.filter((t) => AUDIT.test(t)).length;
  return { res, statements: texts.length - audited, audited };
}

let d: TestDistrict;
let other: TestDistrict;
let candidate: { id: string };
let interviewPath: string;

const label = (en: string) => ({ en });
const FIELDS = [
  { id: "open", type: "text", label: label("Open") },
  { id: "secret", type: "text", label: label("Private"), p: 1 },
];

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Session check"), makeDistrict("Elsewhere")]);
  candidate = await d.addPerson("candidate");
  const formId = (await api.post("/api/forms", d.admin.token, { name: "Form", fields: FIELDS })).body.id;
  const interview = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-05-02", form_id: formId });
  interviewPath = `/api/interviews/${candidate.id}/${interview.body.id}`;
  const patched = await api.patch(interviewPath, d.admin.token, { responses: { open: { en: "shared" }, secret: { en: "board only" } }, published: 1 });
  expect(patched.status).toBe(200);
});

describe("a read on a remembered session", () => {
  it("takes one statement, where the first request took two", async () => {
    const reader = await d.addPerson("admin");
    const first = await counted(() => api.get(`/api/people/${candidate.id}`, reader.token));
    expect(first.res.status).toBe(200);
    expect(first.statements).toBe(2);
    const second = await counted(() => api.get(`/api/people/${candidate.id}`, reader.token));
    expect(second.res.status).toBe(200);
    expect(second.res.body).toEqual(first.res.body);
    expect(second.statements).toBe(1);
  });

  it("does the same for the browser's session cookie", async () => {
    const reader = await d.addPerson("admin");
    const read = () => call("GET", `/api/people/${candidate.id}`, { token: null, headers: { cookie: `next-auth.session-token=${reader.token}` } });
    expect((await read()).status).toBe(200);
    const again = await counted(read);
    expect(again.res.status).toBe(200);
    expect(again.statements).toBe(1);
  });

  it("is refused at the next request after sign-out", async () => {
    const reader = await d.addPerson("admin");
    expect((await api.get(`/api/people/${candidate.id}`, reader.token)).status).toBe(200);
    await db().session.deleteMany({ where: { sessionToken: reader.token } });
    const res = await api.get(`/api/people/${candidate.id}`, reader.token);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("is refused at the next request once the session has ended", async () => {
    const reader = await d.addPerson("admin");
    expect((await api.get(`/api/people/${candidate.id}`, reader.token)).status).toBe(200);
    await db().session.updateMany({ where: { sessionToken: reader.token }, data: { expires: new Date(Date.now() - 1000) } });
    expect((await api.get(`/api/people/${candidate.id}`, reader.token)).status).toBe(401);
  });

  it("is refused at the next request once the reader is archived", async () => {
    const reader = await d.addPerson("admin");
    expect((await api.get(`/api/people/${candidate.id}`, reader.token)).status).toBe(200);
    expect((await api.patch(`/api/people/${reader.id}`, d.admin.token, { archived: true })).status).toBe(200);
    expect((await api.get(`/api/people/${candidate.id}`, reader.token)).status).toBe(401);
  });

  it("sees with the reader's rights as they are now: a permission taken away, then given back", async () => {
    const reader = await d.addPersonWith(["people:edit"]);
    expect((await api.get(`/api/people/${candidate.id}`, reader.token)).status).toBe(200);

    expect((await api.patch(`/api/roles/${reader.roleId}`, d.admin.token, { permissions: [] })).status).toBe(200);
    const hidden = await counted(() => api.get(`/api/people/${candidate.id}`, reader.token));
    // Without the permission they see only themself: the person is "not found" at once.
    expect(hidden.res.status).toBe(404);
    expect((await api.get(`/api/people/${reader.id}`, reader.token)).status).toBe(200);

    expect((await api.patch(`/api/roles/${reader.roleId}`, d.admin.token, { permissions: ["people:edit"] })).status).toBe(200);
    const shown = await counted(() => api.get(`/api/people/${candidate.id}`, reader.token));
    expect(shown.res.status).toBe(200);
    // The remembered context no longer held: the read ran again, the ordinary way.
    expect(shown.statements).toBe(3);
    expect((await counted(() => api.get(`/api/people/${candidate.id}`, reader.token))).statements).toBe(1);
  });

  it("answers 404 for another district's person and for an unknown id, as before", async () => {
    const reader = await d.addPerson("admin");
    expect((await api.get(`/api/people/${reader.id}`, reader.token)).status).toBe(200);
    const stranger = await other.addPerson("candidate");
    const res = await api.get(`/api/people/${stranger.id}`, reader.token);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await api.get("/api/people/c0000000000000000000000000", reader.token)).status).toBe(404);
    // The other district's own people read it, on their own session.
    expect((await api.get(`/api/people/${stranger.id}`, other.admin.token)).status).toBe(200);
  });

  it("never answers one session with another's context", async () => {
    const [mentor, admin] = [await d.addPerson("mentor"), await d.addPerson("admin")];
    expect((await api.get(`/api/people/${candidate.id}`, admin.token)).status).toBe(200);
    expect((await api.get(`/api/people/${mentor.id}`, mentor.token)).status).toBe(200);
    // The mentor has no candidate assigned: the candidate stays hidden from them, whoever read it before.
    expect((await api.get(`/api/people/${candidate.id}`, mentor.token)).status).toBe(404);
    expect((await api.get(`/api/people/${candidate.id}`, admin.token)).status).toBe(200);
  });

  it("answers an unknown token 401, and remembers nothing for it", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await counted(() => api.get(`/api/people/${candidate.id}`, "not-a-session-token"));
      expect(res.res.status).toBe(401);
      expect(res.statements).toBe(1);
    }
  });
});

describe("an interview read on a remembered session", () => {
  it("takes one statement, where the first request took two", async () => {
    const board = await d.addPerson("board");
    const first = await counted(() => api.get(interviewPath, board.token));
    expect(first.res.status).toBe(200);
    expect(first.statements).toBe(2);
    const second = await counted(() => api.get(interviewPath, board.token));
    expect(second.res.status).toBe(200);
    expect(second.res.body).toEqual(first.res.body);
    expect(second.statements).toBe(1);
    // Each answer with private fields is recorded once, the provisional one included.
    expect([first.audited, second.audited]).toEqual([1, 1]);
  });

  it("keeps private fields from a board member the next request after their role is taken away", async () => {
    const board = await d.addPerson("board");
    await d.assignMentor(board.id, candidate.id);
    const before = await api.get(interviewPath, board.token);
    expect(before.body.responses.secret).toEqual({ en: "board only" });
    // Now only their candidate's mentor: the published interview, without its private fields.
    expect((await api.patch(`/api/people/${board.id}`, d.admin.token, { roles: { [d.roles.mentor]: 1 } })).status).toBe(200);
    const after = await api.get(interviewPath, board.token);
    expect(after.status).toBe(200);
    expect(after.body.responses.open).toEqual({ en: "shared" });
    expect(after.body.responses).not.toHaveProperty("secret");
  });

  it("is refused at the next request after sign-out", async () => {
    const board = await d.addPerson("board");
    expect((await api.get(interviewPath, board.token)).status).toBe(200);
    await db().session.deleteMany({ where: { sessionToken: board.token } });
    expect((await api.get(interviewPath, board.token)).status).toBe(401);
  });

  it("answers 404 to another district, whoever read before", async () => {
    expect((await api.get(interviewPath, d.admin.token)).status).toBe(200);
    expect((await api.get(interviewPath, other.admin.token)).status).toBe(404);
    expect((await api.get(interviewPath, other.admin.token)).status).toBe(404);
  });
});
