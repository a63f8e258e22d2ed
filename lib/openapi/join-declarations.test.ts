import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declared, publicRoute, type RouteDeclaration } from "@/lib/http/declaration";
import { methods } from "@/lib/http/methods";
import { joinDeclarations } from "./join-declarations";
import type { OperationDocs } from "./operation";

const answer = async () => Response.json({ ok: true });
const handler = (declaration: RouteDeclaration) => declared(async () => answer(), declaration);
const words = (operationId: string): OperationDocs => ({
  operationId,
  tag: "Things",
  summary: operationId,
  response: { description: "It.", schema: z.object({ ok: z.boolean() }) },
});
const body = z.object({ name: z.string() });
const query = z.object({ archived: z.string().optional() });

describe("joinDeclarations: the document's operations come from the route files' declarations", () => {
  it("takes method and path from the route file, and access, schemas and status from its declaration", () => {
    const index = [
      {
        path: "/api/things",
        module: methods({
          GET: handler({ operation: "listThings", scope: "read:people", query }),
          POST: handler({ operation: "createThing", scope: "write:people", permission: "people:edit", body, status: 201 }),
        }),
      },
      { path: "/api/things/{id}", module: methods({ DELETE: handler({ operation: "deleteThing", auth: "session", permission: "settings" }) }) },
      { path: "/api/hello", module: methods({ GET: publicRoute({ operation: "hello" }, answer) }) },
    ];
    const ops = joinDeclarations(index, ["hello", "listThings", "createThing", "deleteThing"].map(words));

    // In the order of the words, which is the document's order.
    expect(ops.map((op) => `${op.method} ${op.path} ${op.operationId}`)).toEqual([
      "get /api/hello hello",
      "get /api/things listThings",
      "post /api/things createThing",
      "delete /api/things/{id} deleteThing",
    ]);
    const [hello, list, create, remove] = ops;
    expect(hello.access).toEqual({ auth: "public" });
    expect(list.access).toEqual({ auth: "any", scope: "read:people" });
    expect(list.query).toBe(query);
    expect(create.access).toEqual({ auth: "any", scope: "write:people", permission: "people:edit" });
    expect(create.body).toBe(body);
    expect(create.response.status).toBe(201);
    expect(list.response.status).toBe(200);
    expect(remove.access).toEqual({ auth: "session", permission: "settings" });
  });

  it("documents a scope chosen by path with its map and rule", () => {
    const scope = { of: () => "read:people" as const, byPath: { people: "read:people" as const }, rule: "By area." };
    const [op] = joinDeclarations([{ path: "/files/{path}", module: methods({ GET: handler({ operation: "getFile", scope }) }) }], [words("getFile")]);
    expect(op.access).toEqual({ auth: "any", scopeByPath: { people: "read:people" }, scopeRule: "By area." });
  });

  it("fails on a route whose operation has no words, on words no route declares, and on a handler without a declaration", () => {
    const listed = { path: "/api/things", module: methods({ GET: handler({ operation: "listThings", scope: "read:people" }) }) };
    expect(() => joinDeclarations([listed], [])).toThrow(/GET \/api\/things declares operation "listThings", which no lib\/openapi\/paths-\*\.ts describes/);
    expect(() => joinDeclarations([listed], [words("listThings"), words("getThing")])).toThrow(/No route declares getThing/);
    const bare = { path: "/api/bare", module: methods({ GET: async () => answer() }) };
    expect(() => joinDeclarations([bare], [])).toThrow(/GET \/api\/bare is exported without a declaration/);
  });

  it("fails on one operation declared by two routes, and on a key-taking route without a scope", () => {
    const twice = [
      { path: "/api/a", module: methods({ GET: handler({ operation: "same", scope: "read:people" }) }) },
      { path: "/api/b", module: methods({ GET: handler({ operation: "same", scope: "read:people" }) }) },
    ];
    expect(() => joinDeclarations(twice, [words("same")])).toThrow(/"same" is declared by two routes/);
    const noScope = [{ path: "/api/a", module: methods({ GET: handler({ operation: "open" }) }) }];
    expect(() => joinDeclarations(noScope, [words("open")])).toThrow(/takes API keys but declares no scope/);
  });
});
