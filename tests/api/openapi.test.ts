import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020";
import { z } from "zod";
import type { Scope } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { errorBodySchema } from "@/lib/http/errors";
import { isDefinedHandler } from "@/lib/http/methods";
import type { OperationSpec } from "@/lib/openapi/operation";
import { documentedOperations, findOperation } from "@/lib/openapi/operations";
import { isOutsideTheApi, pathTemplateOf } from "@/lib/openapi/route-files";
import { api, call, type ApiResponse, type CallOptions } from "../helpers/api";
import { cut, liveWebm, pipelineSettled } from "../helpers/audio";
import { startOpenAiServer } from "../helpers/openai-server";
import { startTestRealtime } from "../helpers/realtime";
import { ALL_SCOPES, makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";
import { jobBoss } from "@/lib/jobs/boss";
import { signUnsubscribeToken } from "@/lib/notifications/unsubscribe-token";

const OPERATIONS = documentedOperations();

/**
 * The served OpenAPI document against the code: every route is documented and every
 * documented operation exists; the documented access (session only, API-key scope,
 * permission) is what the routes enforce; and real responses parse with the documented
 * response schema in strict mode, so an undocumented field or a wrong type fails.
 */

// ---------------------------------------------------------------------------------------
// Helpers

const METHODS = ["GET", "PUT", "POST", "PATCH", "DELETE"] as const;
const routeModules = import.meta.glob<Record<string, unknown>>("../../app/**/route.ts");

/** `../../app/api/people/[id]/route.ts` -> `app/api/people/[id]/route.ts`, as lib/openapi/route-files.ts names them. */
const fromRoot = (file: string) => file.replace("../../", "");

/**
 * The schema with every object made strict, all the way down: an extra field anywhere fails
 * the parse. Objects declared loose (`z.looseObject`) stay loose.
 */
function deepStrict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    if (schema._zod.def.catchall) return schema;
    return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([key, value]) => [key, deepStrict(value as z.ZodType)])));
  }
  if (schema instanceof z.ZodArray) return z.array(deepStrict(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return deepStrict(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return deepStrict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodUnion) return z.union((schema.options as z.ZodType[]).map(deepStrict));
  if (schema instanceof z.ZodRecord) return z.record(schema.keyType as z.ZodString, deepStrict(schema.valueType as z.ZodType));
  return schema;
}

/** Parses with the strict schema; on failure, the message names every issue. */
function expectShape(schema: z.ZodType, body: unknown, where: string) {
  const result = deepStrict(schema).safeParse(body);
  expect(result.success ? "matches the documented schema" : `${where}:\n${z.prettifyError(result.error)}\n${JSON.stringify(body).slice(0, 2000)}`).toBe(
    "matches the documented schema",
  );
}

/** Operations whose documented success response was checked against a real one. */
const checkedSuccess = new Set<string>();
/** `<operationId> <status>` of error responses checked against the error schema. */
const checkedErrors = new Set<string>();

type Documented = {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }> }>>;
  components: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
};
let documented: Documented;

// The served document itself, as JSON Schema 2020-12: what an outside client validates against.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
const pointer = (...parts: string[]) => "#/" + parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/**
 * Checks an answer against the served document, for the operation's path template: its status
 * is documented, its content type is one the document names for that status (or it has no body
 * where none is documented), and a JSON body validates against the document's schema. An answer
 * the document does not describe fails, whatever the zod schemas say.
 */
function expectDocumented(method: string, template: string, res: ApiResponse) {
  const where = `${method.toUpperCase()} ${template} ${res.status}`;
  const responses = documented.paths[template]?.[method.toLowerCase()]?.responses;
  expect(responses, `${method} ${template} is in the document`).toBeTruthy();
  const documentedResponse = responses[String(res.status)];
  expect(documentedResponse, `${where} is documented (documented: ${Object.keys(responses).join(", ")})`).toBeTruthy();
  const ref = documentedResponse.$ref?.replace("#/components/responses/", "");
  const resolved = ref ? documented.components.responses[ref] : documentedResponse;
  const base = ref ? pointer("components", "responses", ref) : pointer("paths", template, method.toLowerCase(), "responses", String(res.status));
  const content = resolved.content ?? {};
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!Object.keys(content).length) {
    expect(res.body === null || res.body === "", `${where} has no body, as documented`).toBe(true);
    return;
  }
  const mediaType = Object.keys(content).find((m) => m === type || m === "*/*");
  expect(mediaType, `${where}: content type ${type} is documented (${Object.keys(content).join(", ")})`).toBeTruthy();
  if (mediaType !== "application/json") return;
  const id = `${base}/content/application~1json/schema`;
  let validate = validators.get(id);
  if (!validate) validators.set(id, (validate = ajv.compile({ $ref: `openapi.json${id}` })));
  expect(validate(res.body) ? "valid" : `${where}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 1500)}`).toBe("valid");
}

/**
 * Calls `path` (an instance of the documented `template`) and checks the response against
 * the document: the status is the documented success status (or `expect`, which must be a
 * documented error status), and the body parses strictly with the documented schema.
 */
async function check(method: (typeof METHODS)[number], template: string, path: string, options: CallOptions & { expect?: number } = {}): Promise<ApiResponse> {
  const op = findOperation(method, template);
  if (!op) throw new Error(`${method} ${template} is not documented`);
  const res = await call(method, path, options);
  const wanted = options.expect ?? op.response.status;
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(wanted);
  expectDocumented(method, template, res);
  if (res.status === op.response.status) {
    if ("schema" in op.response) {
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expectShape(op.response.schema, res.body, `${method} ${path}`);
    }
    checkedSuccess.add(op.operationId);
  } else if (op.otherResponses?.[res.status]) {
    checkedErrors.add(`${op.operationId} ${res.status}`); // a documented answer of its own shape, checked above
  } else {
    expect(Object.keys(documented.paths[template][method.toLowerCase()].responses), `${method} ${template} documents ${res.status}`).toContain(
      String(res.status),
    );
    const other = op.otherResponses?.[res.status];
    expectShape(other && "schema" in other ? other.schema : errorBodySchema, res.body, `${method} ${path} (${other ? res.status : "error"})`);
    checkedErrors.add(`${op.operationId} ${res.status}`);
  }
  return res;
}

const json = <T>(res: ApiResponse) => res.body as T;

// ---------------------------------------------------------------------------------------

let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("OpenAPI");
  const res = await api.get("/api/openapi.json", null);
  documented = res.body;
  ajv.addSchema(res.body, "openapi.json");
});

describe("GET /api/openapi.json", () => {
  it("serves the OpenAPI 3.1 document as public, cacheable JSON", async () => {
    const res = await check("GET", "/api/openapi.json", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.body.openapi).toMatch(/^3\.1\.\d+$/);
    expect(res.body.info.title).toBeTruthy();
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(20);
  });

  it("needs no authentication, and ignores a bad token", async () => {
    expect((await api.get("/api/openapi.json", "not-a-token")).status).toBe(200);
  });

  it("is also served as a page, /api/reference (tests/api/api-reference.test.ts)", async () => {
    const res = await check("GET", "/api/reference", "/api/reference");
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    await check("GET", "/api/reference/{section}", "/api/reference/people");
    await check("GET", "/api/reference/{section}", "/api/reference/nothing0", { expect: 404 });
  });
});

describe("GET /api/health and /api/health/live", () => {
  it("liveness answers { ok: true } without authentication and is never cached", async () => {
    const res = await check("GET", "/api/health/live", "/api/health/live");
    expect(res.body).toEqual({ ok: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("health reports every part in the documented shape (its 503s: tests/api/health.test.ts)", async () => {
    const realtime = await startTestRealtime();
    try {
      const res = await check("GET", "/api/health", "/api/health");
      expect(res.body.ok).toBe(true);
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      await realtime.close();
    }
  });
});

describe("the document covers the routes", () => {
  it("has an operation for every exported method of every app/api route (and /files), and no other", async () => {
    const inCode: string[] = [];
    for (const [file, load] of Object.entries(routeModules)) {
      if (isOutsideTheApi(fromRoot(file))) continue;
      const mod = await load();
      for (const method of METHODS) if (isDefinedHandler(mod[method])) inCode.push(`${method} ${pathTemplateOf(fromRoot(file))}`);
    }
    const inDocument = Object.entries(documented.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(inCode).toContain("GET /files/{path}");
    expect(inDocument.sort()).toEqual(inCode.sort());
    expect(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort()).toEqual(inCode.sort());
  });
});

// ---------------------------------------------------------------------------------------
// Access: the documented session-only / scope / permission against the wrapper's decisions.

/** A path for the operation with ids that exist nowhere: past authorization it answers 4xx, and changes nothing. */
function probePath(op: OperationSpec, area = "people") {
  return op.path.replace("{path}", `${d.id}/${area}/nothing0/file.pdf`).replace(/\{\w+\}/g, "nothing0");
}

const refusedForAccess = (res: ApiResponse) => res.status === 401 || res.status === 403;

describe("documented access is enforced access", () => {
  const protectedOps = OPERATIONS.filter((op) => op.access.auth !== "public");
  // Every probe's answer, whatever it is, must be one the document describes.
  const probe = async (op: OperationSpec, token: string | null, area?: string) => {
    const res = await call(op.method.toUpperCase(), probePath(op, area), { token });
    expectDocumented(op.method, op.path, res);
    return res;
  };

  it("every operation but the document needs a token (401 without one)", async () => {
    for (const op of protectedOps) {
      const res = await probe(op, null);
      expect(res.status, `${op.method} ${op.path}`).toBe(401);
      expectShape(errorBodySchema, res.body, op.operationId);
    }
  });

  it("API keys: sessions-only operations refuse them; scoped ones need exactly the documented scope", async () => {
    const all = (await d.addKey(ALL_SCOPES)).key;
    const only = new Map<Scope, string>();
    const allBut = new Map<Scope, string>();
    for (const scope of ALL_SCOPES) {
      only.set(scope, (await d.addKey([scope])).key);
      allBut.set(scope, (await d.addKey(ALL_SCOPES.filter((s) => s !== scope))).key);
    }
    for (const op of protectedOps) {
      const where = `${op.method.toUpperCase()} ${op.path}`;
      if (op.access.auth === "session") {
        const res = await probe(op, all);
        expect(res.status, where).toBe(403);
        expect(res.body.error.message, where).toMatch(/session/i);
        continue;
      }
      if (op.access.auth !== "any") continue;
      const byArea: [string | undefined, Scope][] =
        "scopeByPath" in op.access ? Object.entries(op.access.scopeByPath) : [[undefined, op.access.scope as Scope]];
      for (const [area, scope] of byArea) {
        const lacking = await probe(op, allBut.get(scope)!, area);
        expect(lacking.status, `${where} (${area ?? ""}) without ${scope}`).toBe(403);
        expect(lacking.body.error.message).toContain(scope);
        const holding = await probe(op, only.get(scope)!, area);
        expect(refusedForAccess(holding), `${where} (${area ?? ""}) with only ${scope}: ${holding.status}`).toBe(false);
      }
    }
  });

  it("sessions: the documented permission (or role kind) is required, and no other", async () => {
    const plain = await d.addPerson("other"); // a role without permissions
    const holders = {
      "people:edit": await d.addPersonWith(["people:edit"]),
      "interviews:edit": await d.addPersonWith(["interviews:edit"]),
      settings: await d.addPersonWith(["settings"]),
    };
    const everyPermission = await d.addPersonWith(["people:edit", "interviews:edit", "settings"]);
    const admin = await d.addPerson("admin");
    for (const op of protectedOps) {
      const where = `${op.method.toUpperCase()} ${op.path}`;
      // Signing out ends the session it is called with: it gets a fresh person of its own.
      const sessionOf = async (person: { token: string }) => (op.operationId === "signOut" ? (await d.addPerson("other")).token : person.token);
      const permission = "permission" in op.access ? op.access.permission : undefined;
      const roleKind = "roleKind" in op.access ? op.access.roleKind : undefined;
      const res = await probe(op, await sessionOf(plain));
      if (roleKind) {
        // No permission is enough: every one of them is refused, a person of that kind is not.
        expect(res.status, `${where} without the ${roleKind} kind`).toBe(403);
        const permitted = await probe(op, everyPermission.token);
        expect(permitted.status, `${where} with every permission but no ${roleKind} role`).toBe(403);
        expect(permitted.body.error.message).toContain(roleKind);
        const holding = await probe(op, admin.token);
        expect(refusedForAccess(holding), `${where} as an ${roleKind}: ${holding.status}`).toBe(false);
      } else if (permission) {
        expect(res.status, `${where} without ${permission}`).toBe(403);
        expect(res.body.error.message).toContain(permission);
        const holding = await probe(op, await sessionOf(holders[permission]));
        expect(refusedForAccess(holding), `${where} with ${permission}: ${holding.status}`).toBe(false);
      } else {
        expect(refusedForAccess(res), `${where} without any permission: ${res.status}`).toBe(false);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------
// Real responses against the documented schemas.

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], "me.png", { type: "image/png" });
const pdf = () => new File(["%PDF-1.4 test"], "Report.pdf", { type: "application/pdf" });
const form = (fields: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const FIELDS = [
  { id: "recommendation", type: "dropdown", label: { en: "Recommendation" }, options: [{ en: "Approve" }, { en: "Decline" }] },
  { id: "strengths", type: "text", label: { en: "Strengths", es: "Fortalezas" } },
  { id: "complete", type: "checkbox", label: { en: "Documents complete" } },
  { id: "docs", type: "file", label: { en: "Documents" } },
  { id: "board_notes", type: "text", label: { en: "Board notes" }, p: 1 },
];

describe("real responses match the documented schemas", () => {
  let token: string;
  let tagId: string;
  let roleId: string;
  let formId: string;
  let boardId: string;
  let profileId: string;
  let candidate: { id: string; token: string };
  let mentor: { id: string; token: string };

  beforeAll(async () => {
    token = d.admin.token;
    candidate = await d.addPerson("candidate");
    mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, candidate.id);
  });

  it("roles and tags", async () => {
    await check("GET", "/api/roles", "/api/roles", { token });
    const role = json<{ id: string }>(
      await check("POST", "/api/roles", "/api/roles", { token, body: { name: "Reviewer", kind: "other", permissions: ["people:edit"] } }),
    );
    roleId = role.id;
    await check("PATCH", "/api/roles/{id}", `/api/roles/${roleId}`, { token, body: { name: "Senior reviewer" } });

    const tag = json<{ id: string }>(await check("POST", "/api/tags", "/api/tags", { token, body: { name: "Priority" } }));
    tagId = tag.id;
    await check("POST", "/api/tags", "/api/tags", { token, body: { name: "Priority" }, expect: 409 });
    await check("GET", "/api/tags", "/api/tags", { token });
    await check("PATCH", "/api/tags/{id}", `/api/tags/${tagId}`, { token, body: { name: "High priority" } });

    const spare = json<{ id: string }>(await check("POST", "/api/tags", "/api/tags", { token, body: { name: "Spare" } }));
    await check("DELETE", "/api/tags/{id}", `/api/tags/${spare.id}`, { token });
  });

  it("forms, boards and profiles", async () => {
    const created = json<{ id: string }>(await check("POST", "/api/forms", "/api/forms", { token, body: { name: "Board interview", fields: FIELDS } }));
    formId = created.id;
    await check("GET", "/api/forms", "/api/forms", { token });
    await check("GET", "/api/forms/{id}", `/api/forms/${formId}`, { token });
    // Candidates read forms without their private fields: still the documented shape.
    const asCandidate = await check("GET", "/api/forms/{id}", `/api/forms/${formId}`, { token: candidate.token });
    expect(asCandidate.body.fields.map((f: { id: string }) => f.id)).not.toContain("board_notes");
    const spare = json<{ id: string }>(await check("POST", "/api/forms", "/api/forms", { token, body: { name: "Spare" } }));
    await check("PATCH", "/api/forms/{id}", `/api/forms/${spare.id}`, { token, body: { name: "Spare form", fields: [FIELDS[0]] } });
    await check("DELETE", "/api/forms/{id}", `/api/forms/${spare.id}`, { token });

    const board = json<{ id: string }>(
      await check("POST", "/api/boards", "/api/boards", { token, body: { name: "Credentials board", members: [d.admin.id] } }),
    );
    boardId = board.id;
    await check("GET", "/api/boards", "/api/boards", { token });
    await check("GET", "/api/boards/{id}", `/api/boards/${boardId}`, { token });
    await check("PATCH", "/api/boards/{id}", `/api/boards/${boardId}`, { token, body: { members: [d.admin.id, mentor.id] } });
    await check("POST", "/api/boards", "/api/boards", { token, body: { name: "Bad", members: ["nobody"] }, expect: 400 });

    const profile = json<{ id: string }>(await check("POST", "/api/profiles", "/api/profiles", { token, body: { name: "Initial", form_id: formId } }));
    profileId = profile.id;
    const bare = json<{ id: string }>(await check("POST", "/api/profiles", "/api/profiles", { token, body: { name: "Renewal" } }));
    expect(bare).toMatchObject({ form_id: null });
    await check("GET", "/api/profiles", "/api/profiles", { token });
    await check("GET", "/api/profiles/{id}", `/api/profiles/${profileId}`, { token });
    await check("PATCH", "/api/profiles/{id}", `/api/profiles/${bare.id}`, { token, body: { form_id: formId } });
    await check("DELETE", "/api/profiles/{id}", `/api/profiles/${bare.id}`, { token });
  });

  let personId: string;
  let interviewId: string;

  it("people: create, list, single with every include, update, files, photo, invite", async () => {
    const created = await check("POST", "/api/people", "/api/people", {
      token,
      body: { first: "Cleo", last: "Candidate", email: uniqueEmail("cleo"), roles: { [d.roles.candidate]: 1 }, tags: [tagId] },
    });
    personId = created.body.id;
    expect(created.body).not.toHaveProperty("avatar_url");
    await check("POST", "/api/people", "/api/people", { token, body: { first: "Dup", last: "Dup", email: created.body.email }, expect: 409 });

    await check("GET", "/api/people", "/api/people", { token });
    await check("GET", "/api/people", "/api/people?archived=true", { token });
    // An API key sees the same shapes.
    await check("GET", "/api/people", "/api/people", { token: (await d.addKey(["read:people"])).key });

    const exported = await check("GET", "/api/people.csv", `/api/people.csv?archived=true&tag=${tagId}`, { token });
    expect(exported.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    await check("GET", "/api/people.csv", "/api/people.csv?tag=nothing0", { token, expect: 404 });
    const csvBody = `first,last,email,tags\nImp,Orted,${uniqueEmail("imported")},${tagId}\n`;
    const dry = await check("POST", "/api/people/import", "/api/people/import?dry_run=true", {
      token,
      rawBody: csvBody,
      headers: { "content-type": "text/csv" },
    });
    expect(dry.body.counts.create).toBe(1);
    await check("POST", "/api/people/import", "/api/people/import", { token, form: form({ file: new File([csvBody], "people.csv", { type: "text/csv" }) }) });
    await check("POST", "/api/people/import", "/api/people/import", {
      token,
      rawBody: "first,email\nA,b@c.d\n",
      headers: { "content-type": "text/csv" },
      expect: 400,
    });
    await check("POST", "/api/people/import", "/api/people/import", {
      token,
      rawBody: csvBody.replace("Imp", "Again").replace("Orted", "x".repeat(200)),
      headers: { "content-type": "text/csv" },
      expect: 400,
    });
    await check("POST", "/api/people/import", "/api/people/import", { token, body: {}, expect: 415 });
    // Prefer: respond-async: the import is a job (202), followed at its status URL until done.
    const queued = await check("POST", "/api/people/import", "/api/people/import?dry_run=true", {
      token,
      rawBody: csvBody,
      headers: { "content-type": "text/csv", prefer: "respond-async" },
      expect: 202,
    });
    await expect.poll(async () => (await api.get(`/api/people/import/jobs/${queued.body.id}`, token)).body.state, { timeout: 60_000 }).toBe("done");
    await check("GET", "/api/people/import/jobs/{id}", `/api/people/import/jobs/${queued.body.id}`, { token });
    await check("GET", "/api/people/import/jobs/{id}", "/api/people/import/jobs/nothing0", { token, expect: 404 });

    await d.assignMentor(mentor.id, personId);
    const file = await check("POST", "/api/people/{id}/uploads", `/api/people/${personId}/uploads`, { token, form: form({ file: pdf(), name: "CV" }) });
    await check("GET", "/api/people/{id}/uploads", `/api/people/${personId}/uploads`, { token });
    const photo = await check("PUT", "/api/people/{id}/photo", `/api/people/${personId}/photo`, { token, form: form({ file: png() }) });
    expect(photo.body.photo_url).toEqual(expect.any(String));
    const interview = await check("POST", "/api/interviews/{personId}", `/api/interviews/${personId}`, {
      token,
      body: {
        date: "2026-05-04",
        board_id: boardId,
        profile_id: profileId,
        starts_at: Date.UTC(2026, 4, 4, 9),
        duration_minutes: 45,
        location: "Room 1",
        meeting_url: "https://meet.example.org/x",
      },
    });
    interviewId = interview.body.id;

    const plain = await check("GET", "/api/people/{id}", `/api/people/${personId}`, { token });
    expect(Object.keys(plain.body)).not.toContain("files");
    const full = await check("GET", "/api/people/{id}", `/api/people/${personId}?include=files,interviews,tags,photo_url`, { token });
    // Every optional part is present, so its schema was really exercised.
    expect(full.body.files).toHaveLength(1);
    expect(full.body.interviews).toHaveLength(1);
    expect(full.body.tag_details).toEqual([{ id: tagId, name: "High priority" }]);
    expect(full.body.photo_url).toEqual(expect.any(String));
    expect(full.body.mentors).toEqual([mentor.id]);

    await check("PATCH", "/api/people/{id}", `/api/people/${personId}`, { token, body: { language: "es", archived: 0, mentors: [mentor.id] } });
    await check("POST", "/api/people/{id}/invite", `/api/people/${personId}/invite`, { token });

    // The stored files behind the URLs, whole and by range.
    const served = await check("GET", "/files/{path}", new URL(file.body.url).pathname, { token });
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.body).toBe("%PDF-1.4 test");
    const part = await check("GET", "/files/{path}", new URL(file.body.url).pathname, { token, headers: { range: "bytes=0-3" }, expect: 206 });
    expect(part.body).toBe("%PDF");
    const beyond = await check("GET", "/files/{path}", new URL(file.body.url).pathname, { token, headers: { range: "bytes=999-" }, expect: 416 });
    expect(beyond.headers.get("content-range")).toBe("bytes */13");

    // Idempotent retries: a replay is the documented success; another body with the same key is the documented 422.
    const idem = { "idempotency-key": `openapi-${Date.now()}` };
    const first = await check("PATCH", "/api/people/{id}", `/api/people/${personId}`, { token, body: { first: "Cleo" }, headers: idem });
    const replay = await check("PATCH", "/api/people/{id}", `/api/people/${personId}`, { token, body: { first: "Cleo" }, headers: idem });
    expect(replay.body).toEqual(first.body);
    await check("PATCH", "/api/people/{id}", `/api/people/${personId}`, { token, body: { first: "Other" }, headers: idem, expect: 422 });
    await check("POST", "/api/tags", "/api/tags", { token, body: { name: "Idem" }, headers: { "idempotency-key": "has space" }, expect: 400 });

    await check("DELETE", "/api/people/{id}/photo", `/api/people/${personId}/photo`, { token });
    await check("DELETE", "/api/people/{id}/uploads/{uploadId}", `/api/people/${personId}/uploads/${file.body.id}`, { token });
  });

  it("interviews: list, single, create, update, attachments, views, delete", async () => {
    await check("GET", "/api/interviews", "/api/interviews", { token });
    await check("GET", "/api/interviews", `/api/interviews?person_id=${personId}&published=0&from=2026-01-01&to=2026-12-31`, { token });
    await check("GET", "/api/interviews/{personId}", `/api/interviews/${personId}`, { token });

    const attachment = await check("POST", "/api/interviews/{personId}/{id}/files", `/api/interviews/${personId}/${interviewId}/files`, {
      token,
      form: form({ file: pdf(), field_id: "docs", name: "Transcript" }),
    });
    const updated = await check("PATCH", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}`, {
      token,
      body: {
        published: 1,
        responses: {
          recommendation: 1,
          strengths: { en: "Clear answers", es: "Respuestas claras" },
          complete: 1,
          docs: { [attachment.body.id]: {} },
          board_notes: { en: "Private" },
        },
      },
    });
    expect(updated.body.responses.docs[attachment.body.id].url).toEqual(expect.any(String));

    // Recordings as the audio pipeline leaves them: one transcribed and summarized (with a
    // translation and a step), one only finalized.
    const interview = await db().interview.findUniqueOrThrow({ where: { id: interviewId }, select: { personId: true } });
    const rec1 = `rec1-${interviewId}`;
    const rec2 = `rec2-${interviewId}`;
    await db().audioRecording.create({
      data: {
        id: rec1,
        districtId: d.id,
        interviewId,
        personId: interview.personId,
        name: { en: "Interview recording" },
        storageKey: `${d.id}/audio/${interview.personId}/${rec1}.webm`,
        finalizedAt: new Date(),
        contentType: "audio/webm",
        size: 100,
        durationMs: 2000,
        language: "en",
        transcript: "Hello.",
        transcribedAt: new Date(),
        summary: "A greeting.",
        summaryLanguage: "en",
        summarizedAt: new Date(),
        segments: { create: [{ index: 0, districtId: d.id, start: 0, end: 1.5, language: "en", text: "Hello." }] },
        steps: { create: [{ step: "transcribe", districtId: d.id, state: "done", progressDone: 2000, progressTotal: 2000, progressUnit: "ms", attempts: 1 }] },
      },
    });
    await db().translation.create({
      data: { sourceType: "segment", sourceId: rec1, part: 0, language: "es", districtId: d.id, text: "Hola.", provider: "test" },
    });
    await db().audioRecording.create({
      data: {
        id: rec2,
        districtId: d.id,
        interviewId,
        personId: interview.personId,
        name: { en: "Second take" },
        storageKey: `${d.id}/audio/${interview.personId}/${rec2}.webm`,
        finalizedAt: new Date(),
      },
    });

    const full = await check("GET", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}`, { token });
    expect(Object.keys(full.body.responses).sort()).toEqual(["board_notes", "complete", "docs", "recommendation", "strengths"]);
    expect(Object.keys(full.body.audio)).toEqual([rec1, rec2]);
    expect(full.body.audio[rec1].transcript).toEqual({ en: "Hello.", es: "Hola." });
    const preview = await check("GET", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}?view=mentor`, { token });
    expect(preview.body.responses).not.toHaveProperty("board_notes");
    const asMentor = await check("GET", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}`, { token: mentor.token });
    expect(asMentor.body.responses).not.toHaveProperty("board_notes");
    await check("GET", "/api/interviews", "/api/interviews", { token: mentor.token });
    await check("GET", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}`, { token: (await d.addKey(["read:interviews"])).key });

    await check("PATCH", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}`, {
      token,
      body: { responses: { recommendation: 9, nope: 1 } },
      expect: 400,
    });
    await check("DELETE", "/api/interviews/{personId}/{id}/files/{fileId}", `/api/interviews/${personId}/${interviewId}/files/${attachment.body.id}`, {
      token,
    });

    // The form is in use now: deleting it is a documented 409.
    await check("DELETE", "/api/forms/{id}", `/api/forms/${formId}`, { token, expect: 409 });
    await check("PATCH", "/api/forms/{id}", `/api/forms/${formId}`, { token, body: { fields: [FIELDS[0]] }, expect: 409 });
    const bare = await check("POST", "/api/interviews/{personId}", `/api/interviews/${candidate.id}`, { token, body: { date: "2026-07-01" } });
    await check("DELETE", "/api/interviews/{personId}/{id}", `/api/interviews/${candidate.id}/${bare.body.id}`, { token });
  });

  it("scorecards: a draft, a bad one, the submit (and a second), the list, reopening, the board's decision", async () => {
    const path = `/api/interviews/${personId}/${interviewId}`;
    const me = "/api/interviews/{personId}/{id}/scorecards/me";
    await check("PUT", me, `${path}/scorecards/me`, { token, body: { recommendation: 3, note: "Ready" } });
    await check("PUT", me, `${path}/scorecards/me`, { token, body: { recommendation: 7, responses: { nope: 1 } }, expect: 400 });
    const submitted = await check("POST", `${me}/submit`, `${path}/scorecards/me/submit`, { token });
    await check("POST", `${me}/submit`, `${path}/scorecards/me/submit`, { token, expect: 409 });
    await check("PUT", me, `${path}/scorecards/me`, { token, body: { note: "Changed" }, expect: 409 });
    await check("GET", "/api/interviews/{personId}/{id}/scorecards", `${path}/scorecards`, { token });
    await check("GET", "/api/interviews/{personId}/{id}/scorecards", `${path}/scorecards`, { token: (await d.addKey(["read:interviews"])).key });
    await check("POST", "/api/interviews/{personId}/{id}/scorecards/{scorecardId}/reopen", `${path}/scorecards/${submitted.body.id}/reopen`, { token });
    await check("POST", "/api/interviews/{personId}/{id}/scorecards/{scorecardId}/reopen", `${path}/scorecards/${submitted.body.id}/reopen`, {
      token,
      expect: 409,
    });
    const decided = await check("PATCH", "/api/interviews/{personId}/{id}", path, { token, body: { recommendation: 3 } });
    expect(decided.body.recommendation_tally).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0 });
  });

  it("audio: capture, finalize, the recording file, transcribe, summarize, translate", async () => {
    const ai = await startOpenAiServer();
    const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = ai.url;
    process.env.OPENAI_API_KEY = ai.apiKey;
    resetEnvCache();
    try {
      const chunks = cut(await liveWebm(2), 2);
      const recordingId = `openapi-${Date.now()}`;
      const chunk = (n: number) =>
        form({
          recordingId,
          chunkNumber: String(n),
          audio: new File([new Uint8Array(chunks[(n - 1) % chunks.length])], `c${n}.webm`, { type: "audio/webm;codecs=opus" }),
        });
      await check("POST", "/api/audio/capture", "/api/audio/capture", { token, form: chunk(2) });
      await check("POST", "/api/audio/capture", "/api/audio/capture", { token, form: chunk(1) });
      const target = { recordingId, personId, interviewId };
      const accepted = await check("POST", "/api/audio/finalize", "/api/audio/finalize", {
        token,
        body: { ...target, name: { en: "Part 1" } },
        headers: { prefer: "respond-async" },
        expect: 202,
      });
      expect(accepted.headers.get("preference-applied")).toBe("respond-async");
      await check("GET", "/api/audio/recordings/{recordingId}", new URL(accepted.body.status_url).pathname, { token });
      await check("POST", "/api/audio/finalize", "/api/audio/finalize", { token, body: { ...target, name: { en: "Part 1" } } });
      await pipelineSettled(token, recordingId);
      await check("GET", "/api/audio/recordings/{recordingId}", `/api/audio/recordings/${recordingId}`, { token: mentor.token });
      await check("GET", "/api/audio/recordings/{recordingId}", "/api/audio/recordings/nothing-here", { token, expect: 404 });
      const again = await check("POST", "/api/audio/finalize", "/api/audio/finalize", { token, body: { ...target, name: { en: "Part 1" } } });
      await check("POST", "/api/audio/capture", "/api/audio/capture", { token, form: chunk(3), expect: 409 });
      await check("POST", "/api/audio/finalize", "/api/audio/finalize", {
        token,
        body: { ...target, recordingId: "never-captured", name: { en: "x" } },
        expect: 404,
      });
      await check("GET", "/files/{path}", new URL(again.body.url).pathname, { token });
      await check("POST", "/api/audio/transcribe", "/api/audio/transcribe", { token, body: { url: again.body.url, ...target, language: "es" } });
      await check("POST", "/api/audio/transcribe", "/api/audio/transcribe", {
        token,
        body: { url: "http://169.254.169.254/latest", ...target, force: true },
        expect: 400,
      });
      await check("POST", "/api/audio/summarize", "/api/audio/summarize", {
        token,
        body: { transcript: "Hello from the test server.", ...target, language: "es" },
      });
      await check("POST", "/api/audio/translate", "/api/audio/translate", { token: mentor.token, body: { ...target, language: "es" } });
      // The interview now carries the recording with every optional part: its schema was exercised.
      const full = await check("GET", "/api/interviews/{personId}/{id}", `/api/interviews/${personId}/${interviewId}`, { token });
      expect(Object.keys(full.body.audio[recordingId]).sort()).toEqual(
        [
          "content_type",
          "created_at",
          "duration_ms",
          "language",
          "name",
          "segment_translations",
          "segments",
          "size",
          "steps",
          "summarized_at",
          "summary",
          "summary_language",
          "transcribed_at",
          "transcript",
          "url",
        ].sort(),
      );
      const recording = `/api/audio/recordings/${recordingId}`;
      await check("PATCH", "/api/audio/recordings/{recordingId}", recording, { token, body: { name: "Part 1, renamed" } });
      await check("PATCH", "/api/audio/recordings/{recordingId}", recording, { token: mentor.token, body: { name: "Mine" }, expect: 403 });
      await check("DELETE", "/api/audio/recordings/{recordingId}", recording, { token });
      await check("DELETE", "/api/audio/recordings/{recordingId}", recording, { token, expect: 404 });
    } finally {
      await ai.close();
      process.env.OPENAI_BASE_URL = saved.base;
      process.env.OPENAI_API_KEY = saved.key;
      if (saved.base === undefined) delete process.env.OPENAI_BASE_URL;
      if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
      resetEnvCache();
    }
  });

  it("messages and realtime: conversations, messages, reactions, read state, leaving, contacts, unread, realtime settings and auth", async () => {
    const board = await d.addPerson("board");
    await check("GET", "/api/messages/contacts", "/api/messages/contacts", { token });
    const created = await check("POST", "/api/messages", "/api/messages", {
      token,
      body: { participants: [board.id, mentor.id], body: "Welcome to the group" },
    });
    const id = created.body.id;
    await check("POST", "/api/messages", "/api/messages", { token, body: { participants: [], body: "Nobody" }, expect: 400 });
    await check("POST", "/api/messages", "/api/messages", { token, body: { participants: ["nobody"], body: "Hi" }, expect: 404 });
    const posted = await check("POST", "/api/messages/{id}", `/api/messages/${id}`, { token: board.token, body: { body: "Thanks!" } });
    await check("POST", "/api/messages/{id}/react", `/api/messages/${id}/react`, { token, body: { messageId: posted.body.id, emoji: "👍" } });
    await check("POST", "/api/messages/{id}/react", `/api/messages/${id}/react`, { token, body: { messageId: posted.body.id, emoji: "no" }, expect: 400 });
    await check("GET", "/api/messages/unread", "/api/messages/unread", { token });
    await check("GET", "/api/messages", "/api/messages", { token });
    await check("POST", "/api/messages/{id}/read", `/api/messages/${id}/read`, { token });
    await check("DELETE", "/api/messages/{id}", `/api/messages/${id}`, { token: mentor.token });
    const read = await check("GET", "/api/messages/{id}", `/api/messages/${id}?limit=10`, { token });
    expect(read.body.messages.map((m: { kind: string }) => m.kind)).toEqual(["message", "message", "left"]);
    await check("GET", "/api/messages/{id}", `/api/messages/${id}?limit=0`, { token, expect: 400 });
    const direct = await check("POST", "/api/messages", "/api/messages", { token, body: { participants: [board.id], body: "Just us" } });
    await check("DELETE", "/api/messages/{id}", `/api/messages/${direct.body.id}`, { token, expect: 409 });
    await check("GET", "/api/messages/{id}", "/api/messages/nothing0", { token, expect: 404 });

    await check("GET", "/api/realtime", "/api/realtime", { token });
    await check("POST", "/api/realtime/auth", "/api/realtime/auth", { token, body: { socket_id: "123.456", channel_name: `private-conversation-${id}` } });
    await check("POST", "/api/realtime/auth", "/api/realtime/auth", {
      token,
      body: { socket_id: "123.456", channel_name: `private-person-${board.id}` },
      expect: 403,
    });
  });

  it("jobs: the district's dead jobs, and a retry", async () => {
    const boss = await jobBoss();
    // Not due for an hour: no worker may take and finish it before it is failed here.
    const id = (await boss.send("message-translate", { districtId: d.id, messageId: "m-openapi", languages: ["es"] }, { retryLimit: 0, startAfter: 3600 }))!;
    await boss.fail("message-translate", id, { message: "down" });
    const listed = await check("GET", "/api/jobs", "/api/jobs", { token });
    expect(listed.body.map((j: { id: string }) => j.id)).toContain(id);
    await check("GET", "/api/jobs", "/api/jobs?state=queued", { token });
    await check("POST", "/api/jobs/{id}/retry", `/api/jobs/${id}/retry`, { token });
    await check("POST", "/api/jobs/{id}/retry", `/api/jobs/${id}/retry`, { token, expect: 404 });
  });

  it("the audit trail: a page, the next one, the CSV, a bad filter", async () => {
    const first = await check("GET", "/api/audit", "/api/audit?limit=2", { token });
    expect(first.body.events.length).toBeGreaterThan(0);
    if (first.body.next_cursor) await check("GET", "/api/audit", `/api/audit?limit=2&cursor=${first.body.next_cursor}`, { token });
    await check("GET", "/api/audit", `/api/audit?person=${candidate.id}&action=person.created,person.updated`, { token });
    await check("GET", "/api/audit", "/api/audit?action=person.exploded", { token, expect: 400 });
    await check("GET", "/api/audit.csv", `/api/audit.csv?actor=${d.admin.id}`, { token });
    await check("GET", "/api/audit.csv", "/api/audit.csv?record_id=abc", { token, expect: 400 });
  });

  it("search: a person by name, as an admin; a bad query", async () => {
    const found = await d.addPerson("candidate", { first: "Zephyrine", last: "Halvorsen" });
    const res = await check("GET", "/api/search", "/api/search?q=Halvorsen", { token });
    expect(res.body.results).toContainEqual(expect.objectContaining({ type: "person", id: found.id, person_id: found.id }));
    await check("GET", "/api/search", "/api/search?q=%20", { token, expect: 400 });
  });

  it("webhooks: endpoints, rotation, a test event, the log, redelivery, replay", async () => {
    // A name that never resolves (.invalid): the queued deliveries fail at once, harmlessly.
    const created = await check("POST", "/api/webhooks", "/api/webhooks", {
      token,
      body: { url: "https://hooks.openapi.invalid/cas", event_types: ["key.revoked"], description: "OpenAPI" },
    });
    const id = created.body.id as string;
    await check("POST", "/api/webhooks", "/api/webhooks", { token, body: { url: "https://127.0.0.1/cas", event_types: ["key.revoked"] }, expect: 400 });
    await check("GET", "/api/webhooks", "/api/webhooks", { token });
    await check("GET", "/api/webhooks/{id}", `/api/webhooks/${id}`, { token });
    await check("PATCH", "/api/webhooks/{id}", `/api/webhooks/${id}`, { token, body: { description: "Renamed" } });
    await check("POST", "/api/webhooks/{id}/rotate", `/api/webhooks/${id}/rotate`, { token });
    const sent = await check("POST", "/api/webhooks/{id}/test", `/api/webhooks/${id}/test`, { token });
    await check("GET", "/api/webhooks/{id}/deliveries", `/api/webhooks/${id}/deliveries?limit=10`, { token });
    await check("POST", "/api/webhooks/{id}/deliveries/{deliveryId}/redeliver", `/api/webhooks/${id}/deliveries/${sent.body.delivery_id}/redeliver`, { token });
    await check("POST", "/api/webhooks/{id}/replay", `/api/webhooks/${id}/replay`, { token, body: { since: Date.now() - 60_000 } });
    await check("PATCH", "/api/webhooks/{id}", `/api/webhooks/${id}`, { token, body: { enabled: 0 } });
    await check("POST", "/api/webhooks/{id}/replay", `/api/webhooks/${id}/replay`, { token, body: { since: Date.now() - 60_000 }, expect: 409 });
    await check("DELETE", "/api/webhooks/{id}", `/api/webhooks/${id}`, { token });
  });

  it("API keys", async () => {
    const created = await check("POST", "/api/keys", "/api/keys", {
      token,
      body: { name: "Integration", scopes: ["read:people"], expires_at: Date.now() + 86_400_000 },
    });
    expect(created.body.key).toMatch(/^cas_/);
    const listed = await check("GET", "/api/keys", "/api/keys", { token });
    expect(listed.body.find((k: { id: string }) => k.id === created.body.id)).not.toHaveProperty("key");
    const rotated = await check("POST", "/api/keys/{id}/rotate", `/api/keys/${created.body.id}/rotate`, { token, body: { grace_seconds: 3600 } });
    expect(rotated.body.previous_secrets).toHaveLength(1);
    await check("GET", "/api/keys", "/api/keys", { token });
    await check("POST", "/api/keys/{id}/rotate", `/api/keys/${created.body.id}/rotate`, { token, body: { grace_seconds: -1 }, expect: 400 });
    await check("DELETE", "/api/keys/{id}", `/api/keys/${created.body.id}`, { token });
  });

  it("the session: /api/me and signing out", async () => {
    await check("GET", "/api/me", "/api/me", { token });
    await check("GET", "/api/me", "/api/me", { token: mentor.token });
    const me = await check("PATCH", "/api/me", "/api/me", { token: mentor.token, body: { language: "es-MX" } });
    expect(me.body.person.language).toBe("es-MX");
    const muted = await check("PATCH", "/api/me", "/api/me", { token: mentor.token, body: { notifications: { interview_reminder: 0 } } });
    expect(muted.body.notifications).toEqual({ messages: 1, interview_published: 1, interview_reminder: 0 });
    const unsubscribe = `/api/unsubscribe?token=${signUnsubscribeToken({ districtId: d.id, personId: mentor.id, kind: "messages" })}`;
    expect((await check("POST", "/api/unsubscribe", unsubscribe)).body).toEqual({ ok: true, kind: "messages" });
    await check("POST", "/api/unsubscribe", `${unsubscribe}x`, { expect: 400 });
    await check("POST", "/api/unsubscribe", `/api/unsubscribe?token=${signUnsubscribeToken({ districtId: d.id, personId: "nobody", kind: "messages" })}`, {
      expect: 404,
    });
    const leaving = await d.addPerson("other");
    await check("DELETE", "/api/me", "/api/me", { token: leaving.token });
    await check("GET", "/api/me", "/api/me", { token: leaving.token, expect: 401 });
  });

  it("calendar: the district's invitations setting, a person's feed", async () => {
    await check("GET", "/api/settings/calendar", "/api/settings/calendar", { token });
    await check("PATCH", "/api/settings/calendar", "/api/settings/calendar", { token, body: { invitations: "create" } });
    await check("PATCH", "/api/settings/calendar", "/api/settings/calendar", { token, body: { invitations: "never" }, expect: 400 });
    await check("PATCH", "/api/settings/calendar", "/api/settings/calendar", { token, body: { invitations: "publish" } });
    const feed = await check("POST", "/api/me/calendar-feed", "/api/me/calendar-feed", { token });
    const path = new URL(feed.body.url).pathname;
    const ics = await check("GET", "/api/calendar/{file}", path);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    await check("GET", "/api/calendar/{file}", "/api/calendar/unknown.ics", { expect: 404 });
  });

  it("retention settings, and a person's data: the export and the erasure", async () => {
    await check("GET", "/api/settings/retention", "/api/settings/retention", { token });
    await check("PATCH", "/api/settings/retention", "/api/settings/retention", { token, body: { messages_days: 3650 } });
    await check("PATCH", "/api/settings/retention", "/api/settings/retention", { token, body: { messages_days: 0 }, expect: 400 });
    await check("PATCH", "/api/settings/retention", "/api/settings/retention", { token, body: { messages_days: null } });
    const someone = await d.addPerson("candidate");
    const zip = await check("GET", "/api/people/{id}/export", `/api/people/${someone.id}/export`, { token });
    expect(zip.headers.get("content-type")).toBe("application/zip");
    await check("GET", "/api/people/{id}/export", "/api/people/nobody/export", { token, expect: 404 });
    await check("POST", "/api/people/{id}/erase", `/api/people/${someone.id}/erase`, { token, body: { email: "someone.else@example.test" }, expect: 400 });
    await check("POST", "/api/people/{id}/erase", `/api/people/${someone.id}/erase`, { token, body: { email: someone.email } });
    await check("POST", "/api/people/{id}/erase", `/api/people/${someone.id}/erase`, { token, body: { email: someone.email }, expect: 404 });
  });

  it("single sign-on: the district's OpenID Connect connection, the lookup, ending a person's sessions", async () => {
    await check("GET", "/api/settings/sso", "/api/settings/sso", { token, expect: 404 });
    await check("PUT", "/api/settings/sso", "/api/settings/sso", {
      token,
      body: { preset: "google", client_id: "openapi-client", client_secret: "openapi-secret", domains: [`openapi-${d.id.toLowerCase()}.example.test`] },
    });
    await check("PUT", "/api/settings/sso", "/api/settings/sso", {
      token,
      body: { issuer: "http://idp.openapi.invalid", name: "X", client_id: "x" },
      expect: 400,
    });
    await check("GET", "/api/settings/sso", "/api/settings/sso", { token });
    const found = await check("GET", "/api/auth/sso-lookup", `/api/auth/sso-lookup?email=someone@openapi-${d.id.toLowerCase()}.example.test`);
    expect(found.body.provider).toMatchObject({ id: `oidc-${d.id}`, name: "Google" });
    await check("GET", "/api/auth/sso-lookup", "/api/auth/sso-lookup?email=someone@nowhere.invalid");
    await check("DELETE", "/api/settings/sso", "/api/settings/sso", { token });
    await check("DELETE", "/api/settings/sso", "/api/settings/sso", { token, expect: 404 });
    const someone = await d.addPerson("board");
    await check("DELETE", "/api/people/{id}/sessions", `/api/people/${someone.id}/sessions`, { token });
    await check("GET", "/api/me", "/api/me", { token: someone.token, expect: 401 });
    await check("DELETE", "/api/people/{id}/sessions", "/api/people/nobody/sessions", { token, expect: 404 });
  });

  it("deleting what is left: a held role is a 409, then the role, the board, the profile and the person", async () => {
    await check("PATCH", "/api/people/{id}", `/api/people/${personId}`, { token, body: { roles: { [roleId]: 1 } } });
    await check("DELETE", "/api/roles/{id}", `/api/roles/${roleId}`, { token, expect: 409 });
    await check("PATCH", "/api/people/{id}", `/api/people/${personId}`, { token, body: { roles: {} } });
    await check("DELETE", "/api/roles/{id}", `/api/roles/${roleId}`, { token });
    await check("DELETE", "/api/boards/{id}", `/api/boards/${boardId}`, { token });
    await check("DELETE", "/api/profiles/{id}", `/api/profiles/${profileId}`, { token });
    await check("DELETE", "/api/people/{id}", `/api/people/${personId}`, { token });
  });

  it("error bodies: 400 with details, invalid JSON, 401, 403, 404, 409, 413, 415", async () => {
    const invalid = await check("POST", "/api/people", "/api/people", { token, body: { first: "", last: "X", email: "not-an-email" }, expect: 400 });
    expect(invalid.body.error.code).toBe("validation_error");
    expect(invalid.body.error.details.map((x: { path: string }) => x.path).sort()).toEqual(["email", "first"]);
    const badQuery = await check("GET", "/api/people/{id}", `/api/people/${d.admin.id}?include=secrets`, { token, expect: 400 });
    expect(badQuery.body.error.details[0].path).toBe("query.include");
    const notJson = await check("POST", "/api/tags", "/api/tags", { token, rawBody: "{oops", headers: { "content-type": "application/json" }, expect: 400 });
    expect(notJson.body.error).toEqual({ code: "invalid_json", message: expect.any(String), request_id: expect.any(String) });
    await check("GET", "/api/people", "/api/people", { token: "no-such-token", expect: 401 });
    await check("GET", "/api/keys", "/api/keys", { token: (await d.addKey(ALL_SCOPES)).key, expect: 403 });
    const missing = await check("GET", "/api/people/{id}", "/api/people/nobody", { token, expect: 404 });
    expect(missing.body.error.code).toBe("not_found");
    await check("POST", "/api/tags", "/api/tags", { token, rawBody: "name=x", headers: { "content-type": "text/plain" }, expect: 415 });
    await check("POST", "/api/tags", "/api/tags", {
      token,
      rawBody: JSON.stringify({ name: "x".repeat(1024 * 1024 + 10) }),
      headers: { "content-type": "application/json" },
      expect: 413,
    });
    await check("POST", "/api/people/{id}/uploads", `/api/people/${d.admin.id}/uploads`, { token, body: { file: "x" }, expect: 415 });
  });

  it("the document check itself refuses an undocumented status, content type or shape (as the outside check found)", () => {
    const answer = (status: number, body: unknown, type = "application/json"): ApiResponse => ({
      status,
      body,
      headers: new Headers({ "content-type": type }),
      response: new Response(),
    });
    expect(() => expectDocumented("GET", "/api/people/{id}", answer(418, {}))).toThrow(/documented/);
    expect(() => expectDocumented("GET", "/api/people/{id}", answer(200, "x", "text/html"))).toThrow(/content type/);
    expect(() => expectDocumented("GET", "/api/people/{id}", answer(200, { id: 1 }))).toThrow();
    expect(() => expectDocumented("GET", "/api/me", answer(200, { person: { id: "p" } }))).toThrow();
    expect(() => expectDocumented("GET", "/files/{path}", answer(206, "%PDF", "application/pdf"))).not.toThrow();
    expect(() => expectDocumented("GET", "/files/{path}", answer(416, null))).not.toThrow();
    expect(() => expectDocumented("POST", "/api/people", answer(422, { error: { code: "idempotency_key_reused", message: "m" } }))).not.toThrow();
  });

  it("the strict check itself catches an undocumented field and a wrong type", () => {
    const op = findOperation("GET", "/api/people/{id}")!;
    const schema = deepStrict((op.response as { schema: z.ZodType }).schema);
    const person = {
      id: "p1",
      first: "A",
      last: "B",
      email: "a@b.c",
      language: "en",
      roles: {},
      tags: [],
      archived: 0,
      district_id: "d1",
      created_at: 1,
      avatar_url: "http://x/files/a",
      mentors: [],
    };
    expect(schema.safeParse(person).success).toBe(true);
    expect(schema.safeParse({ ...person, secret: 1 }).success).toBe(false);
    expect(schema.safeParse({ ...person, archived: false }).success).toBe(false);
    expect(
      schema.safeParse({ ...person, files: [{ id: "f", name: "n", url: "u", content_type: "t", size: 1, created_at: 1, storage_key: "k" }] }).success,
    ).toBe(false);
  });
});

afterAll(() => {
  // Every documented operation had a real success response checked against its schema.
  const missing = OPERATIONS.map((op) => op.operationId).filter((id) => !checkedSuccess.has(id));
  expect(missing, "operations without a checked success response").toEqual([]);
  expect(checkedErrors.size).toBeGreaterThan(10);
});
