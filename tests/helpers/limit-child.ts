/**
 * One app process spending a counted limit, for tests/api/rate-limit-shared.test.ts: several of
 * these run at once against one database, as scaled-out app processes do.
 *
 *   DATABASE_URL=… LIMIT_KEY=<key> LIMIT_POINTS=<n> TRIES=<n> START_AT=<ms> node --import tsx tests/helpers/limit-child.ts
 *   → one line of JSON: { allowed, refused }
 */
import { countedLimiter, spend } from "@/lib/http/rate-limit";

const limiter = countedLimiter({ name: "test-shared", points: Number(process.env.LIMIT_POINTS), durationS: 60 });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.START_AT ?? 0) - Date.now())));
let allowed = 0;
let refused = 0;
for (let i = 0; i < Number(process.env.TRIES); i++) {
  if ((await spend(limiter, process.env.LIMIT_KEY!)) === null) allowed++;
  else refused++;
}
process.stdout.write(`${JSON.stringify({ allowed, refused })}\n`);
process.exit(0);
