import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/lib/db/pool";
import { BackupRunningError, startCapture, stopCapture } from "./change-capture";
import { dumpEmbeddedTables, type DumpTable } from "./embedded-dump";

/**
 * The dump read in slices while writers change every kind of row (inserts, updates, a changed
 * key, deletes, a unique value moved from one row to another, a table emptied) holds exactly what
 * the closing transaction saw: each table's rows, no more, no fewer, no older. Tables of this
 * file's own, on the test database (PGlite, or the PostgreSQL server of the run).
 */

const suffix = randomUUID().slice(0, 8);
const items = `bk_items_${suffix}`;
const links = `bk_links_${suffix}`;
const emptied = `bk_emptied_${suffix}`;
const keyless = `bk_keyless_${suffix}`;
// The emptied table first: its slice is read before the writers empty it.
const tables: DumpTable[] = [
  { schema: "public", name: emptied, columns: ["label"] },
  { schema: "public", name: items, columns: ["id", "email", "n", "pad"] },
  { schema: "public", name: links, columns: ["a", "b", "note"] },
  { schema: "public", name: keyless, columns: ["label"] },
];
const ITEMS = 3000;

async function copyText(client: pg.ClientBase, sql: string) {
  let text = "";
  for await (const chunk of client.query(copyTo(sql)) as AsyncIterable<Buffer>) text += chunk.toString("utf8");
  return text;
}

const sorted = (text: string) => text.split("\n").filter(Boolean).sort();

/** Each table's block of a dump: its rows' lines. */
function blocks(dump: string) {
  const out = new Map<string, string[]>();
  for (const match of dump.matchAll(/\nCOPY "public"\."(\w+)" \([^)]*\) FROM stdin;\n([\s\S]*?)\\\.\n/g)) out.set(match[1], sorted(match[2]));
  return out;
}

beforeAll(async () => {
  await pool().query(`
    create table ${items} (id text primary key, email text not null unique, n int not null, pad text not null);
    create table ${links} (a text not null, b int not null, note text, primary key (a, b));
    create table ${emptied} (label text primary key);
    create table ${keyless} (label text);
    insert into ${items} select 'i' || g, 'e' || g || '@x', g, repeat(md5(g::text), 16) from generate_series(1, ${ITEMS}) g;
    insert into ${links} select 'a' || (g % 50), g, E'tab\\there' from generate_series(1, 500) g;
    insert into ${emptied} select 'l' || g from generate_series(1, 20) g;
    insert into ${keyless} select 'k' || g from generate_series(1, 20) g;`);
});

afterAll(async () => {
  await pool().query(`drop table if exists ${items}, ${links}, ${emptied}, ${keyless}`);
});

describe("dumpEmbeddedTables", () => {
  it("holds exactly the closing moment's rows while writers insert, update, re-key, delete, move a unique value and empty a table", async () => {
    const pages = (await pool().query<{ n: number }>(`select (pg_relation_size('${items}') / current_setting('block_size')::int)::int as n`)).rows[0].n;
    expect(pages, "the table spans many slices").toBeGreaterThan(100);

    let stop = false;
    let step = 0;
    const writer = (async () => {
      const w = await pool().connect();
      try {
        while (!stop) {
          step++;
          const i = 1 + ((step * 7919) % ITEMS);
          await w.query(`update ${items} set n = n + 1, pad = pad || 'x' where id = $1`, [`i${i}`]);
          await w.query(`insert into ${items} values ($1, $2, 0, 'new')`, [`new${step}`, `new${step}@x`]);
          await w.query(`delete from ${items} where id = $1`, [`i${1 + ((step * 104729) % ITEMS)}`]);
          // A unique e-mail moves: its old row goes, a new row takes it (the dump must not hold both).
          const moved = await w.query<{ email: string }>(`delete from ${items} where id = $1 returning email`, [`i${1 + ((step * 15485863) % ITEMS)}`]);
          if (moved.rows[0]) await w.query(`insert into ${items} values ($1, $2, -1, 'moved')`, [`moved${step}`, moved.rows[0].email]);
          await w.query(`update ${items} set id = $2 where id = $1`, [`i${1 + ((step * 32452843) % ITEMS)}`, `rekeyed${step}`]);
          await w.query(`update ${links} set note = $2 where a = $1`, [`a${step % 50}`, `line\nbreak ${step}`]);
          if (step === 5) await w.query(`truncate ${emptied}`);
          if (step > 5) await w.query(`insert into ${emptied} values ($1)`, [`after${step}`]);
          await w.query(`update ${keyless} set label = label || '+' where label like $1`, [`k${step % 20}%`]);
        }
      } finally {
        w.release();
      }
    })();
    while (step < 3) await new Promise((r) => setTimeout(r, 10));

    const client = await pool().connect();
    const seen = new Map<string, string[]>();
    let text = "";
    try {
      const out = new PassThrough();
      out.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      const rows = await dumpEmbeddedTables(client, tables, out, {
        scratchFile: path.join(os.tmpdir(), `embedded-dump-${suffix}.rows`),
        header: () => "-- test\n",
        // A page per statement: many slices, with the writers' statements between them.
        slicePages: 1,
        // Inside the closing transaction: what the dump must equal.
        inClosing: async () => {
          for (const t of tables) seen.set(t.name, sorted(await copyText(client, `COPY (select ${t.columns.join(", ")} from ${t.name}) TO STDOUT`)));
        },
      });
      for (const t of tables) expect(rows[`public.${t.name}`], t.name).toBe(seen.get(t.name)!.length);
    } finally {
      stop = true;
      await writer;
      client.release();
    }
    expect(step, "writers wrote while the dump read its slices").toBeGreaterThan(10);
    const dumped = blocks(text);
    for (const t of tables) expect(dumped.get(t.name), t.name).toEqual(seen.get(t.name));
    expect(
      seen.get(emptied)!.some((l) => l.startsWith("l")),
      "the emptied table holds only rows written after it was emptied",
    ).toBe(false);

    const left = await pool().query<{ n: number }>(
      "select (select count(*) from _backup_capture)::int + (select count(*) from _backup_changes)::int + (select count(*) from pg_trigger where tgname like '_cas_backup_capture%')::int as n",
    );
    expect(left.rows[0].n, "the capture's triggers and rows are gone").toBe(0);
  }, 120_000);

  it("one backup captures at a time; a capture whose process is gone is cleared by the next", async () => {
    const client = await pool().connect();
    try {
      const table = [{ name: `public.${emptied}`, relation: emptied, key: ["label"] }];
      await startCapture(client, table);
      await expect(startCapture(client, table)).rejects.toBeInstanceOf(BackupRunningError);
      // As a backup killed mid-way leaves it: a process that is no more.
      await client.query("update _backup_capture set pid = 2147483646");
      await startCapture(client, table);
      // Or a live process id from long ago (a restarted container reuses ids).
      await client.query("update _backup_capture set started_at = now() - interval '7 hours'");
      await startCapture(client, table);
      await stopCapture(client);
      const left = await client.query<{ n: number }>("select count(*)::int as n from pg_trigger where tgname like '_cas_backup_capture%'");
      expect(left.rows[0].n).toBe(0);
    } finally {
      await stopCapture(client).catch(() => {});
      client.release();
    }
  });
});
