import zlib from "node:zlib";

/**
 * The encoded rows of a list copy (lib/list-cache/list-cache.ts), kept in blocks of about
 * BLOCK_ROWS rows, so that a change re-encodes only the blocks it touches: each block keeps its
 * rows joined (the JSON between the brackets) and, once asked for, that text deflated on its
 * own. The copy's body is the blocks' texts between "[", "," and "]"; its gzip is the blocks'
 * deflated pieces between those of "[", "," and "]", each piece a complete raw deflate stream
 * flushed to a byte boundary (so they concatenate into one valid stream), in a gzip header and
 * trailer (CRC-32 and length of the whole text). Blocks are never changed: a patch makes new
 * ones for those it touches, so a copy handed to a reader stays as it was.
 */
export const BLOCK_ROWS = 128;

export class Block {
  private text?: Buffer;
  private deflated?: Buffer;
  constructor(
    readonly ids: readonly string[],
    readonly rows: readonly Buffer[],
  ) {}
  /** The rows joined with commas. */
  plain(): Buffer {
    if (!this.text) {
      const parts: Buffer[] = [];
      this.rows.forEach((row, i) => {
        if (i) parts.push(COMMA);
        parts.push(row);
      });
      this.text = Buffer.concat(parts);
    }
    return this.text;
  }
  deflate(): Buffer {
    return (this.deflated ??= piece(this.plain()));
  }
}

const COMMA = Buffer.from(",");
const OPEN = Buffer.from("[");
const CLOSE = Buffer.from("]");

/** Raw deflate of `bytes`, ended with a sync flush: byte-aligned, not final, so more can follow. */
const piece = (bytes: Buffer) => zlib.deflateRawSync(bytes, { level: 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
const OPEN_PIECE = piece(OPEN);
const COMMA_PIECE = piece(COMMA);
// The last piece ends the stream (final block).
const CLOSE_PIECE = zlib.deflateRawSync(CLOSE, { level: 1 });
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

/** Rows in blocks of BLOCK_ROWS. */
export function toBlocks(ids: string[], rows: Buffer[]): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < ids.length; i += BLOCK_ROWS) blocks.push(new Block(ids.slice(i, i + BLOCK_ROWS), rows.slice(i, i + BLOCK_ROWS)));
  return blocks;
}

/** The JSON array of every row. */
export function bodyOf(blocks: readonly Block[]): Buffer {
  const parts: Buffer[] = [OPEN];
  blocks.forEach((block, i) => {
    if (i) parts.push(COMMA);
    parts.push(block.plain());
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** The same JSON, gzipped: the blocks' own deflated pieces, only the untouched ones reused. */
export function gzipOf(blocks: readonly Block[]): Buffer {
  const parts: Buffer[] = [GZIP_HEADER, OPEN_PIECE];
  let crc = zlib.crc32(OPEN);
  let length = OPEN.length;
  blocks.forEach((block, i) => {
    if (i) {
      parts.push(COMMA_PIECE);
      crc = zlib.crc32(COMMA, crc);
      length += 1;
    }
    parts.push(block.deflate());
    crc = zlib.crc32(block.plain(), crc);
    length += block.plain().length;
  });
  parts.push(CLOSE_PIECE);
  crc = zlib.crc32(CLOSE, crc);
  length += 1;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

export type BlockChanges = {
  /** Rows taken out. */
  removed: ReadonlySet<string>;
  /** Rows put in at their ranks (positions in the new list), in ascending order. */
  inserted: { id: string; row: Buffer; rank: number }[];
  /** Rows that keep their place, with their new text. */
  replaced: ReadonlyMap<string, Buffer>;
};

/**
 * The blocks after the changes; null when a rank falls outside the list or a row to replace is
 * not in it. Only the blocks touched are made anew; one grown past twice BLOCK_ROWS is split.
 */
export function patchBlocks(blocks: readonly Block[], { removed, inserted, replaced }: BlockChanges): Block[] | null {
  let found = 0;
  let next: { ids: string[]; rows: Buffer[]; block?: Block }[] = blocks.map((block) => {
    if (!block.ids.some((id) => removed.has(id) || replaced.has(id))) return { ids: block.ids as string[], rows: block.rows as Buffer[], block };
    const keep = block.ids.map((id, i) => (removed.has(id) ? -1 : i)).filter((i) => i >= 0);
    found += keep.filter((i) => replaced.has(block.ids[i])).length;
    return { ids: keep.map((i) => block.ids[i]), rows: keep.map((i) => replaced.get(block.ids[i]) ?? block.rows[i]) };
  });
  if (found !== replaced.size) return null;
  next = next.filter((b) => b.ids.length > 0);
  for (const { id, row, rank } of inserted) {
    let before = 0;
    let at = next.findIndex((b) => {
      if (rank <= before + b.ids.length) return true;
      before += b.ids.length;
      return false;
    });
    if (at < 0) {
      if (rank !== before) return null;
      next.push({ ids: [], rows: [] });
      at = next.length - 1;
    }
    const target = next[at];
    const ids = [...target.ids];
    const rows = [...target.rows];
    ids.splice(rank - before, 0, id);
    rows.splice(rank - before, 0, row);
    next[at] = { ids, rows };
    if (ids.length > 2 * BLOCK_ROWS)
      next.splice(at, 1, { ids: ids.slice(0, BLOCK_ROWS), rows: rows.slice(0, BLOCK_ROWS) }, { ids: ids.slice(BLOCK_ROWS), rows: rows.slice(BLOCK_ROWS) });
  }
  return next.map((b) => b.block ?? new Block(b.ids, b.rows));
}

/** The position of `id` in the list, or -1. */
export function positionOf(blocks: readonly Block[], id: string): number {
  let before = 0;
  for (const block of blocks) {
    const i = block.ids.indexOf(id);
    if (i >= 0) return before + i;
    before += block.ids.length;
  }
  return -1;
}

/** Rows `start`… (at most `count`), with their ids, across blocks. */
export function sliceRows(blocks: readonly Block[], start: number, count: number): { ids: string[]; rows: Buffer[] } {
  const ids: string[] = [];
  const rows: Buffer[] = [];
  let before = 0;
  for (const block of blocks) {
    if (ids.length >= count) break;
    const end = before + block.ids.length;
    if (end > start) {
      const from = Math.max(0, start - before);
      const take = Math.min(block.ids.length - from, count - ids.length);
      ids.push(...block.ids.slice(from, from + take));
      rows.push(...block.rows.slice(from, from + take));
    }
    before = end;
  }
  return { ids, rows };
}
