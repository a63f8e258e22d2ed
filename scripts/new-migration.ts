/**
 * `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * with the SQL that takes the newest migration's schema snapshot (schema.prisma kept beside
 * each migration.sql) to prisma/schema.prisma, and snapshots the new schema. Runs offline;
 * `--from-migrations` cannot be used through the pg adapter (prisma/orm#27403).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openEmbeddedDatabase } from "@/lib/db/embedded";

function latestSnapshot() {
  const names = fs
    .readdirSync("prisma/migrations", { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return path.join("prisma/migrations", names[names.length - 1], "schema.prisma");
}

function run(command: string, args: string[], databaseUrl: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, DATABASE_URL: databaseUrl } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function main() {
  const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_");
  if (!name) throw new Error("usage: npm run db:migration -- <name>");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-migration-"));
  const shadow = await openEmbeddedDatabase(dir);
  try {
    // Asynchronous on purpose: the embedded server answers from this very process.
    const result = await run(
      "npx",
      ["prisma", "migrate", "diff", "--from-schema-datamodel", latestSnapshot(), "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      shadow.url,
    );
    if (result.status !== 0) throw new Error(result.stderr || result.stdout);
    const sql = result.stdout.trim();
    if (!sql || /^-- This is an empty migration/.test(sql)) {
      console.log("schema.prisma matches the migrations: nothing to write");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const target = path.join("prisma/migrations", `${stamp}_${name}`);
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, "migration.sql"), sql + "\n");
    fs.copyFileSync("prisma/schema.prisma", path.join(target, "schema.prisma"));
    console.log(`wrote ${target}/migration.sql`);
  } finally {
    await shadow.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
