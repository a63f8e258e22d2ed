/**
 * `npm run client:generate`: writes schema.d.ts, the TypeScript types of the service's OpenAPI
 * document (`paths`, `webhooks`, `components`, `operations`), for openapi-fetch
 * (docs/examples/). The same output as `npx openapi-typescript <GET /api/openapi.json>`, with the
 * document built from the code rather than fetched from a running service.
 * tests/api/typed-client-types.test.ts fails when the committed file is stale.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { buildOpenApiDocument } from "@/lib/openapi/openapi-document";

export const TYPES_FILE = path.join(import.meta.dirname, "schema.d.ts");

/** The text schema.d.ts should hold for the document the code builds now. */
export async function generateClientTypes(): Promise<string> {
  const document = buildOpenApiDocument() as unknown as OpenAPI3;
  return COMMENT_HEADER + astToString(await openapiTS(document, { silent: true }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(TYPES_FILE, await generateClientTypes());
  console.log(`wrote ${path.relative(process.cwd(), TYPES_FILE)}`);
}
