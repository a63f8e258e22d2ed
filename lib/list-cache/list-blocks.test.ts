import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { BLOCK_ROWS, bodyOf, gzipOf, patchBlocks, positionOf, sliceRows, toBlocks } from "./list-blocks";

const row = (id: string) => Buffer.from(JSON.stringify({ id, name: `row ${id}` }));
const list = (ids: string[]) => toBlocks(ids, ids.map(row));
const idsOf = (blocks: ReturnType<typeof list>) => (JSON.parse(bodyOf(blocks).toString("utf8")) as { id: string }[]).map((r) => r.id);

describe("list blocks", () => {
  it("join into the JSON array, and gzip into the same bytes, whatever the number of blocks", () => {
    for (const n of [0, 1, BLOCK_ROWS, BLOCK_ROWS + 1, 5 * BLOCK_ROWS + 7]) {
      const ids = Array.from({ length: n }, (_, i) => `r${i}`);
      const blocks = list(ids);
      expect(idsOf(blocks)).toEqual(ids);
      expect(zlib.gunzipSync(gzipOf(blocks)).equals(bodyOf(blocks))).toBe(true);
    }
  });

  it("a patch removes and inserts at ranks, splits a block that grows past twice its size, and reuses untouched blocks", () => {
    const ids = Array.from({ length: 3 * BLOCK_ROWS }, (_, i) => `r${i}`);
    const blocks = list(ids);
    const gz = gzipOf(blocks); // every block deflated once
    const removed = new Set(["r5", `r${2 * BLOCK_ROWS + 1}`]);
    const inserted = Array.from({ length: 2 * BLOCK_ROWS }, (_, i) => ({ id: `n${i}`, row: row(`n${i}`), rank: 10 + i }));
    const patched = patchBlocks(blocks, { removed, inserted, replaced: new Map() })!;
    const expected = ids.filter((id) => !removed.has(id));
    expected.splice(10, 0, ...inserted.map((x) => x.id));
    expect(idsOf(patched)).toEqual(expected);
    expect(zlib.gunzipSync(gzipOf(patched)).equals(bodyOf(patched))).toBe(true);
    expect(patched.every((b) => b.ids.length <= 2 * BLOCK_ROWS)).toBe(true);
    expect(patched).toContain(blocks[1]); // the middle block was not touched
    expect(gz.length).toBeGreaterThan(0);
    expect(patchBlocks(blocks, { removed: new Set(), inserted: [{ id: "x", row: row("x"), rank: ids.length + 1 }], replaced: new Map() })).toBeNull();
  });

  it("rows replaced in place keep their position; a row to replace that is not there makes the patch fail", () => {
    const ids = Array.from({ length: 2 * BLOCK_ROWS }, (_, i) => `r${i}`);
    const blocks = list(ids);
    const changed = Buffer.from(JSON.stringify({ id: "r7", name: "changed" }));
    const patched = patchBlocks(blocks, { removed: new Set(), inserted: [], replaced: new Map([["r7", changed]]) })!;
    expect(idsOf(patched)).toEqual(ids);
    expect(JSON.parse(bodyOf(patched).toString("utf8"))[7]).toEqual({ id: "r7", name: "changed" });
    expect(patched[1]).toBe(blocks[1]);
    expect(patchBlocks(blocks, { removed: new Set(), inserted: [], replaced: new Map([["gone", changed]]) })).toBeNull();
  });

  it("find a row's position and slice rows across blocks", () => {
    const ids = Array.from({ length: 2 * BLOCK_ROWS + 3 }, (_, i) => `r${i}`);
    const blocks = list(ids);
    expect(positionOf(blocks, `r${BLOCK_ROWS + 2}`)).toBe(BLOCK_ROWS + 2);
    expect(positionOf(blocks, "nope")).toBe(-1);
    expect(sliceRows(blocks, BLOCK_ROWS - 2, 5).ids).toEqual(ids.slice(BLOCK_ROWS - 2, BLOCK_ROWS + 3));
    expect(sliceRows(blocks, ids.length - 1, 10).ids).toEqual([ids[ids.length - 1]]);
  });
});
