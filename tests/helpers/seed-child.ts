/**
 * The demo seed in a process of its own, for lib/districts/seed-demo.test.ts: several of these
 * start at once against one empty database, as app processes scaling out do.
 *
 *   DATABASE_URL=… START_AT=<ms> node --import tsx tests/helpers/seed-child.ts   → "seeded" or "found"
 */
import { db, disconnectDb } from "@/lib/db/client";
import { seedDemoIfEmpty } from "@/lib/districts/seed-demo";

// Connected first, then all children start seeding at the same moment (START_AT, ms since epoch).
await db().$queryRaw`select 1`;
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.START_AT ?? 0) - Date.now())));
const seeded = await seedDemoIfEmpty();
process.stdout.write(seeded ? "seeded\n" : "found\n");
await disconnectDb();
process.exit(0);
