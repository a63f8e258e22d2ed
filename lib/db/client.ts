import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export { Prisma } from "./generated/client";
export type { PrismaClient } from "./generated/client";

// One client per process (survives Next's module reloading in dev).
const globalForPrisma = globalThis as unknown as { __casPrisma?: PrismaClient; __casPrismaUrl?: string };

function databaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the app with `npm start`, which provides the embedded database.");
  return url;
}

export function db(): PrismaClient {
  const url = databaseUrl();
  if (!globalForPrisma.__casPrisma || globalForPrisma.__casPrismaUrl !== url) {
    const adapter = new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    globalForPrisma.__casPrisma = new PrismaClient({ adapter });
    globalForPrisma.__casPrismaUrl = url;
  }
  return globalForPrisma.__casPrisma;
}

export async function disconnectDb() {
  await globalForPrisma.__casPrisma?.$disconnect();
  globalForPrisma.__casPrisma = undefined;
}
