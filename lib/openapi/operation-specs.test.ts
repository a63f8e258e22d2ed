import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Endpoint, Endpoints } from "./operation";
import { operationSpecs } from "./operation-specs";

const words = { tag: "Things", summary: "A thing", response: { description: "It.", schema: z.object({ ok: z.boolean() }) } };
const endpoint = (declaration: Omit<Endpoint, keyof typeof words>): Endpoint => ({ ...declaration, ...words });
const body = z.object({ name: z.string() });
const query = z.object({ archived: z.string().optional() });

describe("operationSpecs: the document's operations are the endpoints' declarations", () => {
  it("takes method, path, access, schemas and status from each declaration, in the order declared", () => {
    const things: Endpoints = {
      listThings: endpoint({ method: "GET", path: "/api/things", scope: "read:people", query }),
      createThing: endpoint({ method: "POST", path: "/api/things", scope: "write:people", permission: "people:edit", body, status: 201 }),
      deleteThing: endpoint({ method: "DELETE", path: "/api/things/{id}", auth: "session", permission: "settings" }),
    };
    const hello: Endpoints = { hello: endpoint({ method: "GET", path: "/api/hello", auth: "public" }) };
    const ops = operationSpecs([hello, things]);

    expect(ops.map((op) => `${op.method} ${op.path} ${op.operationId}`)).toEqual([
      "get /api/hello hello",
      "get /api/things listThings",
      "post /api/things createThing",
      "delete /api/things/{id} deleteThing",
    ]);
    const [helloOp, list, create, remove] = ops;
    expect(helloOp.access).toEqual({ auth: "public" });
    expect(list.access).toEqual({ auth: "any", scope: "read:people" });
    expect(list.query).toBe(query);
    expect(create.access).toEqual({ auth: "any", scope: "write:people", permission: "people:edit" });
    expect(create.body).toBe(body);
    expect(create.response.status).toBe(201);
    expect(list.response.status).toBe(200);
    expect(remove.access).toEqual({ auth: "session", permission: "settings" });
    expect(create.summary).toBe("A thing");
  });

  it("documents a scope chosen by path with its map and rule", () => {
    const scope = { of: () => "read:people" as const, byPath: { people: "read:people" as const }, rule: "By area." };
    const [op] = operationSpecs([{ getFile: endpoint({ method: "GET", path: "/files/{path}", scope }) }]);
    expect(op.access).toEqual({ auth: "any", scopeByPath: { people: "read:people" }, scopeRule: "By area." });
  });

  it("fails on a method and path declared twice, on a name used twice, and on a key-taking endpoint without a scope", () => {
    const a = endpoint({ method: "GET", path: "/api/a", scope: "read:people" });
    expect(() => operationSpecs([{ one: a, two: a }])).toThrow(/GET \/api\/a is declared twice: by one and by two/);
    const b = endpoint({ method: "GET", path: "/api/b", scope: "read:people" });
    expect(() => operationSpecs([{ same: a }, { same: b }])).toThrow(/Two endpoints are named same/);
    expect(() => operationSpecs([{ open: endpoint({ method: "GET", path: "/api/a" }) }])).toThrow(/takes API keys but declares no scope/);
  });
});
