import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { generateClientTypes, TYPES_FILE } from "@/clients/typescript/generate";

/**
 * The typed client's types (clients/typescript/schema.d.ts) are committed, so integrators and
 * docs/examples/ type-check against them without running anything: they must be what
 * openapi-typescript makes of the document the code builds now.
 */
it("clients/typescript/schema.d.ts is up to date with the OpenAPI document (else: npm run client:generate)", async () => {
  const committed = fs.readFileSync(TYPES_FILE, "utf8").split("\n");
  const fresh = (await generateClientTypes()).split("\n");
  const at = fresh.findIndex((line, i) => line !== committed[i]);
  const first = at === -1 && committed.length !== fresh.length ? Math.min(committed.length, fresh.length) : at;
  // The first lines that differ, rather than a diff of two 9,000-line files.
  const excerpt = (lines: string[]) => lines.slice(Math.max(0, first - 2), first + 3).join("\n");
  expect(
    first,
    `${path.relative(process.cwd(), TYPES_FILE)} is stale: run \`npm run client:generate\`. From line ${first + 1}, committed:\n${excerpt(committed)}\n\nbut generated:\n${excerpt(fresh)}`,
  ).toBe(-1);
});
