import { db } from "@/lib/db/client";

type Column = { schema: string; table: string; column: string; type: string };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every column of every table of the database (the app's, pg-boss's, any other schema but the
 * system's) that can hold text: text, varchar, char, json, jsonb, arrays, tsvector, bytea. For
 * each needle, the columns where some row holds it (case-insensitively; bytes as written and in
 * lower case), as "schema.table.column". An empty answer: the words are nowhere in the database.
 */
export async function columnsHolding(needles: string[]): Promise<Record<string, string[]>> {
  const columns = await db().$queryRawUnsafe<Column[]>(`
    select c.table_schema::text as schema, c.table_name::text as table, c.column_name::text as column, c.data_type::text as type
      from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema') and c.table_schema not like 'pg_toast%'
       and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'tsvector', 'bytea', 'USER-DEFINED'))`);
  const holds = (c: Column) =>
    c.type === "bytea"
      ? `position(convert_to(n, 'UTF8') in t.${quote(c.column)}) > 0 or position(convert_to(lower(n), 'UTF8') in t.${quote(c.column)}) > 0`
      : `t.${quote(c.column)}::text ilike '%' || n || '%'`;
  const needlesIn = (ref: string, condition: string, among: string[]) =>
    db().$queryRawUnsafe<{ n: string }[]>(`select n from unnest($1::text[]) n where exists (select 1 from ${ref} t where ${condition})`, among);
  const tables = new Map<string, Column[]>();
  for (const c of columns) {
    const ref = `${quote(c.schema)}.${quote(c.table)}`;
    tables.set(ref, [...(tables.get(ref) ?? []), c]);
  }
  const found: Record<string, string[]> = {};
  // One pass over each table for all its columns; only a table that holds a needle is searched column by column.
  for (const [ref, cols] of tables) {
    const inTable = (await needlesIn(ref, cols.map((c) => `(${holds(c)})`).join(" or "), needles)).map((r) => r.n);
    if (!inTable.length) continue;
    for (const c of cols) {
      for (const { n } of await needlesIn(ref, holds(c), inTable)) (found[n] ??= []).push(`${c.schema}.${c.table}.${c.column}`);
    }
  }
  return found;
}
