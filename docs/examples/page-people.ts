/**
 * Read every person of the district, a page at a time, following the cursor.
 *
 *   CAS_URL=http://localhost:3000 CAS_KEY=cas_… npx tsx docs/examples/page-people.ts
 *
 * The key needs the `read:people` scope. See docs/examples/README.md.
 */
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import type { paths } from "../../clients/typescript/schema";

/**
 * Yields the pages of GET /api/people in order. A page that is not the last names the next one in
 * `X-Next-Cursor`; sent back as `cursor` (with the same `limit`), it gives that page. People
 * added or removed meanwhile are neither repeated nor skipped.
 */
export async function* pagesOfPeople(options: { baseUrl: string; key: string; limit?: number; archived?: boolean }) {
  const cas = createClient<paths>({ baseUrl: options.baseUrl, headers: { Authorization: `Bearer ${options.key}` } });
  let cursor: string | undefined;
  do {
    const { data, error, response } = await cas.GET("/api/people", {
      params: { query: { limit: String(options.limit ?? 1000), cursor, archived: options.archived ? "true" : undefined } },
    });
    if (error) throw new Error(`GET /api/people answered ${response.status}: ${error.error.code}: ${error.error.message}`);
    yield data;
    cursor = response.headers.get("X-Next-Cursor") ?? undefined;
  } while (cursor);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { CAS_URL = "http://localhost:3000", CAS_KEY } = process.env;
  if (!CAS_KEY) throw new Error("Set CAS_KEY to an API key with the read:people scope.");
  let pages = 0;
  let people = 0;
  for await (const page of pagesOfPeople({ baseUrl: CAS_URL, key: CAS_KEY, limit: 100 })) {
    pages++;
    people += page.length;
    for (const person of page) console.log(`${person.id}\t${person.last}, ${person.first}\t${person.email}`);
  }
  console.log(`${people} people in ${pages} page(s)`);
}
