/**
 * `npm run lint:openapi`: the served OpenAPI document, linted by Redocly (its recommended rules)
 * and Spectral (`spectral:oas`, .spectral.yaml). Fails on any error of either; warnings are shown.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-openapi-"));
const file = path.join(dir, "openapi.json");
fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
const run = (name: string, args: string[]) => {
  console.log(`\n$ ${name} ${args.join(" ")}`);
  return spawnSync(bin(name), args, { stdio: "inherit", env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } }).status;
};
const redocly = run("redocly", ["lint", "--format=stylish", file]);
const spectral = run("spectral", ["lint", "--ruleset", path.join(process.cwd(), ".spectral.yaml"), "--fail-severity=error", file]);
fs.rmSync(dir, { recursive: true, force: true });
console.log(`\nredocly: ${redocly === 0 ? "0 errors" : "errors (see above)"}; spectral: ${spectral === 0 ? "0 errors" : "errors (see above)"}`);
process.exit(redocly === 0 && spectral === 0 ? 0 : 1);
