import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// The schema's `url = env("DATABASE_URL")` must resolve, or the CLI tries to download an engine.
process.env.DATABASE_URL ??= "postgres://localhost:5432/unused";

// The CLI is only used offline (generate, migrate diff); migrations are applied by lib/db/migrate.ts.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "prisma/schema.prisma",
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL }),
});
