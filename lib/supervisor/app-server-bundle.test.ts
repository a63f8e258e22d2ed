import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundleAppServer } from "./app-server-bundle";

// Inside the project, as a build's folder is: the bundle's package imports resolve from there.
const distDir = path.resolve(`.next-test-bundle-${process.pid}`);
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe("bundleAppServer", () => {
  it("writes the app server as one module that plain Node loads, importing only packages and Node's own modules", async () => {
    const lines: string[] = [];
    const out = await bundleAppServer(distDir, (line) => lines.push(line));
    expect(lines).toEqual([]);
    expect(out).toBe(path.join(distDir, "cas-server", "serve.mjs"));
    const code = fs.readFileSync(out!, "utf8");
    const imported = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imported).toContain("next");
    expect(imported.filter((s) => s.startsWith(".") || s.startsWith("@/") || s === "server-only")).toEqual([]);
    expect(fs.readdirSync(path.dirname(out!))).toEqual(["serve.mjs"]);
    expect(spawnSync(process.execPath, ["--check", out!]).status).toBe(0);
  });

  it("answers null and says why when it cannot bundle, so the server runs through tsx", async () => {
    const lines: string[] = [];
    expect(await bundleAppServer(distDir, (line) => lines.push(line), "scripts/no-such-server.ts")).toBeNull();
    expect(lines[0]).toMatch(/^could not bundle scripts\/no-such-server\.ts \(.+\); running it through tsx$/);
  });
});
