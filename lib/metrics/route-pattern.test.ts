import { describe, expect, it } from "vitest";
import { routeOfManifestKey, routePatternOf } from "./route-pattern";

describe("route patterns", () => {
  it("reads the build's manifest keys as the paths they serve", () => {
    expect(routeOfManifestKey("/(app)/people/[id]/page")).toBe("/people/[id]");
    expect(routeOfManifestKey("/api/people/[id]/route")).toBe("/api/people/[id]");
    expect(routeOfManifestKey("/(app)/page")).toBe("/");
  });

  it("without a build, names a path with its ids replaced and without its query", () => {
    process.env.NEXT_DIST_DIR = ".next-none-for-this-test";
    try {
      expect(routePatternOf("/api/people/cmwyz4zv20000e87dnvy3wk8p/uploads?token=abc")).toBe("/api/people/[id]/uploads");
      expect(routePatternOf("/_next/static/chunks/x.js")).toBe("/_next/static");
      expect(routePatternOf("/settings/keys")).toBe("/settings/keys");
    } finally {
      delete process.env.NEXT_DIST_DIR;
    }
  });
});
