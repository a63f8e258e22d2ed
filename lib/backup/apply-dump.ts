import "server-only";
import type { Readable } from "node:stream";

/** Where a dump's statements and COPY data go: a PGlite instance, or a PostgreSQL connection. */
export type DumpSink = {
  exec(sql: string): Promise<void>;
  copy(header: string): { write(data: Buffer): Promise<void>; end(): Promise<void> };
};

const COPY_HEADER = /^COPY .+ FROM stdin;\n$/;
const TERMINATOR = Buffer.from("\\.\n");
/** psql meta-commands pg_dump writes (since 15.14) around a dump: harmless to skip. */
const RESTRICT = /^\\(un)?restrict \S+\n$/;

/**
 * Runs a plain SQL dump (pg_dump's, or the COPY blocks of dump-database.ts) into `sink`, as psql
 * would: the statements between COPY blocks are sent together, and each block's rows stream in
 * as they are read (never the whole dump in memory).
 */
export async function applyDump(input: Readable, sink: DumpSink) {
  let sql: string[] = [];
  let copy: ReturnType<DumpSink["copy"]> | null = null;
  let carry = Buffer.alloc(0);
  const flushSql = async () => {
    const text = sql.join("");
    sql = [];
    if (text.trim()) await sink.exec(text);
  };
  for await (const chunk of input) {
    const buf = carry.length ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
    let start = 0;
    for (;;) {
      if (copy) {
        const lastNewline = buf.lastIndexOf(10);
        if (lastNewline < start) break;
        let end = -1;
        for (let at = buf.indexOf(TERMINATOR, start); at >= 0 && at <= lastNewline; at = buf.indexOf(TERMINATOR, at + 1)) {
          if (at === start || buf[at - 1] === 10) {
            end = at;
            break;
          }
        }
        if (end < 0) {
          await copy.write(buf.subarray(start, lastNewline + 1));
          start = lastNewline + 1;
          break;
        }
        if (end > start) await copy.write(buf.subarray(start, end));
        await copy.end();
        copy = null;
        start = end + TERMINATOR.length;
        continue;
      }
      const newline = buf.indexOf(10, start);
      if (newline < 0) break;
      const line = buf.toString("utf8", start, newline + 1);
      start = newline + 1;
      if (COPY_HEADER.test(line)) {
        await flushSql();
        copy = sink.copy(line.trim());
      } else if (line.startsWith("\\")) {
        if (!RESTRICT.test(line)) throw new Error(`the dump holds a psql command this restore does not run: ${line.trim().slice(0, 80)}`);
      } else sql.push(line);
    }
    carry = Buffer.from(buf.subarray(start));
  }
  if (copy) throw new Error("the dump ends inside a table's data (truncated)");
  if (carry.length) sql.push(carry.toString("utf8"));
  await flushSql();
}
