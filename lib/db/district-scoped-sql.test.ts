import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Raw SQL carries the district too: every `$queryRaw` / `$executeRaw` statement (and every
 * `Prisma.sql` fragment) of the service's code that reads or writes a table holding a district's
 * data compares `district_id` in that same statement (`district_id = …`, `… = x.district_id`,
 * `district_id in …`), or, for an insert, writes it: naming it in a select list does not count. The Prisma client extension
 * (district-scoped-writes.ts) enforces this for the query builder; raw SQL is text, so this test
 * reads every statement of lib/ and app/. A statement that is maintenance across all districts on
 * purpose says so in its SQL with a comment `-- all districts: <why>`.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Tables with a district_id column (board_members is scoped through its board). */
const DISTRICT_TABLES = [
  "people", "roles", "tags", "mentor_assignments", "person_files", "api_keys", "forms", "boards", "profiles",
  "interviews", "interview_files", "audio_recordings", "audio_chunks", "conversations", "conversation_participants",
  "messages", "transcript_segments", "recording_steps", "translations", "webhook_endpoints", "webhook_events", "webhook_deliveries", "people_imports",
];
const TABLE = new RegExp(`\\b(?:from|join|update|into|using)\\s+"?(${DISTRICT_TABLES.join("|")})"?\\b`, "gi");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of each tagged SQL template in `source` (interpolations kept as written). */
export function sqlStatements(source: string): { line: number; sql: string }[] {
  const found: { line: number; sql: string }[] = [];
  const tag = /(\$queryRaw|\$executeRaw|Prisma\.sql)(<[^`]*?>)?`/g;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    let i = m.index + m[0].length;
    let depth = 0;
    const start = i;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === "\\") i++;
      else if (c === "$" && source[i + 1] === "{") (depth++, i++);
      else if (c === "}" && depth > 0) depth--;
      else if (c === "`" && depth === 0) break;
    }
    found.push({ line: source.slice(0, m.index).split("\n").length, sql: source.slice(start, i) });
    tag.lastIndex = i + 1;
  }
  return found;
}

const statements = ["lib", "app"].flatMap((dir) =>
  sourceFiles(path.join(ROOT, dir)).flatMap((file) => sqlStatements(fs.readFileSync(file, "utf8")).map((s) => ({ ...s, file: path.relative(ROOT, file) }))),
);

describe("raw SQL names the district", () => {
  it("finds the service's raw statements (the reader works)", () => {
    expect(statements.length).toBeGreaterThan(60);
    expect(sqlStatements("db().$queryRaw<{ a: number }[]>`select ${x} from people where district_id = ${d}`")).toEqual([
      { line: 1, sql: "select ${x} from people where district_id = ${d}" },
    ]);
  });

  const touching = statements.filter((s) => new RegExp(TABLE.source, "i").test(s.sql));
  it.each(touching.map((s) => [`${s.file}:${s.line}`, s] as const))("%s", (_where, s) => {
    const tables = [...s.sql.matchAll(TABLE)].map((m) => m[1].toLowerCase());
    const acrossDistricts = /--\s*all districts:/i.test(s.sql);
    const compared =
      /\bdistrict_id"?\s*(=|in\b|is\b)|=\s*[\w."]*district_id\b/i.test(s.sql) || /\binsert\s+into\s+"?\w+"?\s*\([^)]*\bdistrict_id\b/i.test(s.sql);
    expect(acrossDistricts || compared, `${s.file}:${s.line} reads or writes ${[...new Set(tables)].join(", ")} without district_id`).toBe(true);
  });
});
