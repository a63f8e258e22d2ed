/**
 * Create a person with an `Idempotency-Key`, so that a retry cannot create them twice.
 *
 *   CAS_URL=http://localhost:3000 CAS_KEY=cas_… npx tsx docs/examples/create-person.ts
 *
 * The key needs the `write:people` scope. See docs/examples/README.md.
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import createClient from "openapi-fetch";
import type { components, paths } from "../../clients/typescript/schema";

type NewPerson = components["schemas"]["PersonCreate"];

/**
 * Sends POST /api/people twice with one `Idempotency-Key`, as a client does when the first answer
 * was lost (a timeout, a dropped connection). The retry creates nothing: the service replays the
 * first answer, marked `Idempotent-Replayed: true`, so both name the same person.
 */
export async function createPersonSafely(options: { baseUrl: string; key: string; person: NewPerson }) {
  const cas = createClient<paths>({ baseUrl: options.baseUrl, headers: { Authorization: `Bearer ${options.key}` } });
  // One key per person to create, made before the first attempt and kept for every retry of it.
  const idempotencyKey = randomUUID();
  const send = async () => {
    const { data, error, response } = await cas.POST("/api/people", {
      params: { header: { "Idempotency-Key": idempotencyKey } },
      body: options.person,
    });
    if (error) throw new Error(`POST /api/people answered ${response.status}: ${error.error.code}: ${error.error.message}`);
    return { person: data, replayed: response.headers.get("Idempotent-Replayed") === "true" };
  };
  const first = await send();
  const retry = await send();
  return { idempotencyKey, person: first.person, retry: retry.person, replayed: retry.replayed };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { CAS_URL = "http://localhost:3000", CAS_KEY } = process.env;
  if (!CAS_KEY) throw new Error("Set CAS_KEY to an API key with the write:people scope.");
  const result = await createPersonSafely({
    baseUrl: CAS_URL,
    key: CAS_KEY,
    person: { first: "Ada", last: "Example", email: `ada-${randomUUID().slice(0, 8)}@example.com` },
  });
  console.log(`created ${result.person.id} (${result.person.first} ${result.person.last}) with Idempotency-Key ${result.idempotencyKey}`);
  console.log(`the retry answered ${result.retry.id}, replayed: ${result.replayed}`);
}
