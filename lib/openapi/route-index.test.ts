import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiRouteFiles, pathTemplateOf, routeIndexSource } from "./route-files";

describe("the route index", () => {
  it("lists every route file of the API, and only those (run `npm run routes:index` after adding or moving one)", () => {
    const files = apiRouteFiles();
    expect(files).toContain("app/api/people/route.ts");
    expect(files).toContain("app/files/[...path]/route.ts");
    expect(files.some((f) => f.startsWith("app/api/auth/") || f.includes("[...unknown]"))).toBe(false);
    expect(fs.readFileSync("lib/openapi/route-index.ts", "utf8")).toBe(routeIndexSource(files));
  });

  it("turns a file's place into the document's path template", () => {
    expect(pathTemplateOf("app/api/people/[id]/uploads/[uploadId]/route.ts")).toBe("/api/people/{id}/uploads/{uploadId}");
    expect(pathTemplateOf("app/files/[...path]/route.ts")).toBe("/files/{path}");
    expect(pathTemplateOf("app/api/people.csv/route.ts")).toBe("/api/people.csv");
  });
});
