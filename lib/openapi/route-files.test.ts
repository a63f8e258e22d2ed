import { beforeAll, describe, expect, it } from "vitest";
import { declarationOf, type RouteDeclaration } from "@/lib/http/declaration";
import { isDefinedHandler, ROUTE_METHODS } from "@/lib/http/methods";
import type { Endpoints } from "./operation";
import { documentedOperations } from "./operations";
import { isOutsideTheApi, pathTemplateOf } from "./route-files";

// Loaded by the test only: lib never imports app/ (lib/server-boundary.test.ts).
const routeModules = import.meta.glob<Record<string, unknown>>("../../app/**/route.ts");
const pathsModules = import.meta.glob<Record<string, Endpoints>>("./paths-*.ts", { eager: true });
const ENDPOINTS = new Set<RouteDeclaration>(Object.values(pathsModules).flatMap((mod) => Object.values(mod).flatMap((group) => Object.values(group))));

type RouteFile = { file: string; bound: { exported: string; declaration: RouteDeclaration | undefined }[] };
let files: RouteFile[];

/** Each route file of the API (`app/api/people/[id]/route.ts`), with the declarations its defined handlers are bound to. */
async function routeFiles() {
  const found: RouteFile[] = [];
  for (const [key, load] of Object.entries(routeModules)) {
    const file = key.replace("../../", "");
    if (isOutsideTheApi(file)) continue;
    const mod = await load();
    const bound = ROUTE_METHODS.filter((m) => isDefinedHandler(mod[m])).map((exported) => ({ exported, declaration: declarationOf(mod[exported]) }));
    found.push({ file, bound });
  }
  return found;
}

describe("route files against the endpoints declared in lib/openapi/paths-*.ts", () => {
  // Loading every route module takes a while on a busy machine.
  beforeAll(async () => {
    files = await routeFiles();
  }, 180_000);

  it("binds each exported method of each route file to a declaration of that method and of the file's own path", () => {
    expect(files.map((f) => f.file)).toContain("app/files/[...path]/route.ts");
    const wrong = files.flatMap(({ file, bound }) =>
      bound.flatMap(({ exported, declaration: d }) =>
        !d
          ? [`${file}: ${exported} has no declaration`]
          : !ENDPOINTS.has(d)
            ? [`${file}: ${exported} is declared in place, not by an endpoint of lib/openapi/paths-*.ts`]
            : d.method !== exported || d.path !== pathTemplateOf(file)
              ? [`${file}: ${exported} is bound to ${d.method} ${d.path}`]
              : [],
      ),
    );
    expect(wrong).toEqual([]);
  });

  it("has a route file binding every declared endpoint, once", () => {
    const bound = files.flatMap(({ bound }) => bound.map(({ declaration }) => declaration));
    const unbound = [...ENDPOINTS].filter((d) => !bound.includes(d)).map((d) => `${d.method} ${d.path}`);
    expect(unbound).toEqual([]);
    expect(bound.length).toBe(ENDPOINTS.size);
    expect(documentedOperations().length).toBe(ENDPOINTS.size);
  });

  it("turns a file's place into the document's path template", () => {
    expect(pathTemplateOf("app/api/people/[id]/uploads/[uploadId]/route.ts")).toBe("/api/people/{id}/uploads/{uploadId}");
    expect(pathTemplateOf("app/files/[...path]/route.ts")).toBe("/files/{path}");
    expect(pathTemplateOf("app/api/people.csv/route.ts")).toBe("/api/people.csv");
    expect(isOutsideTheApi("app/api/auth/[...nextauth]/route.ts")).toBe(true);
    expect(isOutsideTheApi("app/api/auth/sso-lookup/route.ts")).toBe(false);
    expect(isOutsideTheApi("app/api/[...unknown]/route.ts")).toBe(true);
  });
});
