import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SCOPES } from "@/lib/auth/permissions";
import { ERROR_STATUS } from "@/lib/http/errors";
import { errorStatuses } from "./build-operation";
import { RESPONSE_SCHEMAS } from "./components";
import { SchemaConverter } from "./json-schema";
import { buildOpenApiDocument } from "./openapi-document";
import { documentedOperations, TAGS } from "./operations";

const OPERATIONS = documentedOperations();

const doc = buildOpenApiDocument();
const METHODS = ["get", "put", "post", "patch", "delete"] as const;

type Node = Record<string, unknown>;
const operationsOf = (d: typeof doc) =>
  Object.entries(d.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Node })));

/** Every `$ref` string anywhere in `value`. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") out.push(v);
      else refs(v, out);
    }
  }
  return out;
}

/** Resolves a local JSON pointer (`#/components/schemas/Person`) in the document. */
function resolve(pointer: string): unknown {
  return pointer
    .slice(2)
    .split("/")
    .map((p) => p.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Node)[key] : undefined), doc);
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 with a title, version and a general description", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const topic of ["Authorization: Bearer", "cas_", "milliseconds since the Unix epoch", "0 or 1", "multilingual text", "Retry-After"]) {
      expect(doc.info.description.toLowerCase()).toContain(topic.toLowerCase());
    }
  });

  it("is plain JSON and the same every time it is built", () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(buildOpenApiDocument()).toEqual(doc);
  });

  it("gives every operation a unique operationId, a summary, a description, a known tag and security", () => {
    const ops = operationsOf(doc);
    expect(ops).toHaveLength(OPERATIONS.length);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set<string>(TAGS.map((t) => t.name));
    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.summary, where).toEqual(expect.any(String));
      expect(op.description, where).toContain("**Access:**");
      expect(op.tags, where).toHaveLength(1);
      expect(tags.has((op.tags as string[])[0]), where).toBe(true);
      expect(op.security, where).toEqual(expect.any(Array));
      expect(op["x-api-key-scope"], where).toBeDefined();
    }
  });

  it("resolves every $ref, and uses every component", () => {
    const all = refs(doc);
    for (const ref of all) {
      expect(ref, "a local reference").toMatch(/^#\//);
      expect(resolve(ref), ref).toBeDefined();
    }
    const used = new Set(all);
    for (const name of Object.keys(doc.components.schemas)) expect(used.has(`#/components/schemas/${name}`), name).toBe(true);
    for (const name of Object.keys(doc.components.responses)) expect(used.has(`#/components/responses/${name}`), name).toBe(true);
  });

  it("leaves no converter artefacts in the schemas", () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain("__inline");
    expect(text).not.toContain("__shared");
    expect(text).not.toContain('"$schema"');
    expect(text).not.toContain("9007199254740991");
    expect(text).not.toMatch(/"type":"number","const":\d/);
  });

  it("documents every path parameter of every path", () => {
    for (const { path, method, op } of operationsOf(doc)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const params = ((op.parameters ?? []) as Node[]).filter((p) => p.in === "path");
      expect(params.map((p) => p.name).sort(), `${method} ${path}`).toEqual(names);
      for (const p of params) expect(p.description, `${method} ${path} {${String(p.name)}}`).toEqual(expect.any(String));
    }
  });

  it("gives every operation its success response and the error responses that apply, with the error body", () => {
    for (const spec of OPERATIONS) {
      const op = (doc.paths[spec.path] as Node)[spec.method] as { responses: Record<string, Node> };
      const others = Object.keys(spec.otherResponses ?? {}).map(Number);
      expect(Object.keys(op.responses).map(Number).sort()).toEqual([spec.response.status, ...others, ...errorStatuses(spec)].sort());
      for (const status of errorStatuses(spec)) {
        const response = (op.responses[status].$ref ? resolve(op.responses[status].$ref as string) : op.responses[status]) as Node;
        expect(response.content, `${spec.operationId} ${status}`).toEqual({ "application/json": { schema: { $ref: "#/components/schemas/Error" } } });
      }
      if (spec.access.auth !== "public") expect(op.responses).toHaveProperty("401");
      if (spec.access.auth === "any") expect(op.responses).toHaveProperty("429");
    }
  });

  it("states sessions-only and scoped access in the security requirements and extensions", () => {
    for (const spec of OPERATIONS) {
      const op = (doc.paths[spec.path] as Node)[spec.method] as Node;
      const schemes = (op.security as Record<string, string[]>[]).flatMap((r) => Object.keys(r));
      if (spec.access.auth === "public") expect(op.security).toEqual([]);
      if (spec.access.auth === "session") {
        expect(schemes).not.toContain("apiKey");
        expect(op["x-api-key-scope"]).toBe("sessions-only");
      }
      if (spec.access.auth === "any" && "scope" in spec.access) {
        // The scope is not listed in `security` (a bearer scheme declares no scopes: spectral's oas3-operation-security-defined).
        expect(op.security).toContainEqual({ apiKey: [] });
        expect(op["x-api-key-scope"]).toBe(spec.access.scope);
      }
      if ("permission" in spec.access && spec.access.permission) expect(op["x-permission"]).toBe(spec.access.permission);
    }
  });

  it("lists every scope and every error code in the description", () => {
    for (const scope of SCOPES) expect(doc.info.description).toContain(`\`${scope}\``);
    for (const code of Object.keys(ERROR_STATUS)) expect(doc.info.description).toContain(`\`${code}\``);
  });

  it("describes timestamps as integers and flags as the integers 0 and 1", () => {
    const person = doc.components.schemas.Person as { properties: Record<string, Node> };
    expect(person.properties.created_at).toMatchObject({ type: "integer" });
    expect(person.properties.archived).toMatchObject({ type: "integer", enum: [0, 1] });
    const interview = doc.components.schemas.InterviewSummary as { properties: Record<string, Node>; required: string[] };
    expect(interview.properties.published).toMatchObject({ type: "integer", enum: [0, 1] });
    expect(interview.properties.board_id).toMatchObject({ type: ["string", "null"] });
    expect(interview.required).toContain("board_id");
  });

  it("converts request bodies as input (before defaults and transforms) and responses as output", () => {
    const update = doc.components.schemas.PersonUpdate as { properties: Record<string, Node> };
    // `archived` accepts 0, 1 or a boolean on the way in; a Person carries 0 or 1.
    expect(JSON.stringify(update.properties.archived)).toContain("boolean");
    // Defaulted fields are optional on the way in, with their default.
    const createBoard = doc.components.schemas.BoardCreate as { required?: string[]; properties: Record<string, Node> };
    expect(createBoard.required).toEqual(["name"]);
    expect(createBoard.properties.members).toMatchObject({ default: [] });
    expect((doc.components.schemas.FormCreate as { required?: string[] }).required).toEqual(["name"]);
  });
});

describe("SchemaConverter", () => {
  it("refers to named schemas and inlines the others", () => {
    const named = z.object({ a: z.string() });
    const converter = new SchemaConverter({ input: {}, output: { Named: named } });
    const list = converter.use(z.array(named), "output");
    const ref = converter.use(named, "output");
    const components = converter.finish();
    expect(ref).toEqual({ $ref: "#/components/schemas/Named" });
    expect(list).toEqual({ type: "array", items: { $ref: "#/components/schemas/Named" } });
    expect(components.Named).toEqual({ type: "object", properties: { a: { type: "string" } }, required: ["a"] });
  });

  it("refuses a name used for both a request and a response schema", () => {
    expect(() => new SchemaConverter({ input: { Same: z.string() }, output: { Same: z.string() } })).toThrow(/Same/);
  });

  it("names every response schema that operations return", () => {
    const named = new Set(Object.values(RESPONSE_SCHEMAS));
    for (const op of OPERATIONS) {
      if (!("schema" in op.response)) continue;
      const schema = op.response.schema;
      const element = schema instanceof z.ZodArray ? (schema.element as z.ZodType) : schema;
      if (op.operationId !== "getOpenApiDocument") expect(named.has(element), op.operationId).toBe(true);
    }
  });
});
