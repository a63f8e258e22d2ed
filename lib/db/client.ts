import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "@/lib/env";
import { PrismaClient } from "./generated/client";
import { assertDistrictScopedWrite } from "./district-scoped-writes";
import { endPool, pool } from "./pool";

export { Prisma } from "./generated/client";

function createClient() {
  // On the process's one pool (lib/db/pool.ts), shared with the app's own SQL.
  const adapter = new PrismaPg(pool());
  // A transaction waits at most DATABASE_WAIT_MS to start (a connection, then its BEGIN: on the
  // embedded database, every transaction ahead of it), else P2028, a 503. One that runs longer
  // than 5 s is rolled back: on the embedded database it holds everyone else up meanwhile.
  const transactionOptions = { maxWait: env().DATABASE_WAIT_MS, timeout: 5000 };
  // Every write to a district's table names the district in its `where` (see district-scoped-writes.ts).
  return new PrismaClient({ adapter, transactionOptions }).$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          assertDistrictScopedWrite(model, operation, args);
          return query(args);
        },
      },
    },
  });
}

export type Db = ReturnType<typeof createClient>;
/** The client inside `db().$transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// One client per process (survives Next's module reloading in dev).
const globalForPrisma = globalThis as unknown as { __casPrisma?: Db; __casPrismaUrl?: string };

function databaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides the embedded database.");
  return url;
}

export function db(): Db {
  const url = databaseUrl();
  if (!globalForPrisma.__casPrisma || globalForPrisma.__casPrismaUrl !== url) {
    globalForPrisma.__casPrisma = createClient();
    globalForPrisma.__casPrismaUrl = url;
  }
  return globalForPrisma.__casPrisma;
}

export async function disconnectDb() {
  await globalForPrisma.__casPrisma?.$disconnect();
  globalForPrisma.__casPrisma = undefined;
  await endPool();
}
