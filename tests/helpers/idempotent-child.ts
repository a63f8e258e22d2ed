/**
 * A second app process for tests/api/idempotency.test.ts: sends POST /api/people through the
 * real route module, on the same database, with the same Idempotency-Keys as the other
 * process, at the same instants.
 *
 *   node --import tsx --import ./scripts/server-only-stub.mjs tests/helpers/idempotent-child.ts '<json: { token, rounds: [{ key, body, at }] }>'
 *
 * Prints one line per round: `result <key> <status> <Idempotent-Replayed, or -> <body json>`.
 */
import { POST } from "@/app/api/people/route";
import { db, disconnectDb } from "@/lib/db/client";

type Round = { key: string; body: unknown; at: number };
const { token, rounds } = JSON.parse(process.argv[2]) as { token: string; rounds: Round[] };

await db().$queryRaw`select 1`; // connected before the first instant
for (const round of rounds) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, round.at - Date.now())));
  const res = await POST(
    new Request("http://localhost:3000/api/people", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "idempotency-key": round.key },
      body: JSON.stringify(round.body),
    }),
    { params: Promise.resolve({}) },
  );
  process.stdout.write(`result ${round.key} ${res.status} ${res.headers.get("idempotent-replayed") ?? "-"} ${await res.text()}\n`);
}
await disconnectDb();
process.exit(0);
