import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { makeDistrict } from "@/tests/helpers/fixtures";
import { claimTranslations, storedTranslations, storeTranslations, waitForTranslations, type TranslationScope } from "./translation-claims";

/** The claims on the real database, with "another process" played by this one between its reads. */

let scope: TranslationScope;
const part = () => ({ sourceId: randomUUID(), part: 0 });

beforeAll(async () => {
  const district = await makeDistrict("Translation claims");
  scope = { districtId: district.id, sourceType: "message", language: "es" };
});

afterEach(() => vi.restoreAllMocks());

describe("waitForTranslations", () => {
  it("returns a text stored while it waits on another process's claim", async () => {
    const p = part();
    expect(await claimTranslations(scope, [p], 60)).toEqual([p]);
    setTimeout(() => void storeTranslations(scope, [p], ["Hola"], "test"), 150);
    const found = await waitForTranslations(scope, [p], 10_000);
    expect(found.get(`${p.sourceId}:0`)).toBe("Hola");
  });

  it("returns a text stored right after one of its reads: the claim ending is not taken for a failure", async () => {
    const p = part();
    await claimTranslations(scope, [p], 60);
    // The other process stores its text the moment this one's first read has answered, i.e.
    // before any second look at the claim: the text must still be found.
    const client = db();
    const read = client.$queryRaw.bind(client);
    let stored = false;
    vi.spyOn(client, "$queryRaw").mockImplementation((async (...args: Parameters<typeof read>) => {
      const rows = await read(...args);
      if (!stored) {
        stored = true;
        await storeTranslations(scope, [p], ["Hola"], "test");
      }
      return rows;
    }) as unknown as typeof read);
    const found = await waitForTranslations(scope, [p], 10_000);
    expect(stored).toBe(true);
    expect(found.get(`${p.sourceId}:0`)).toBe("Hola");
  });

  it("gives up at once on parts nobody holds (an expired claim, none at all)", async () => {
    const expired = part();
    await claimTranslations(scope, [expired], 60);
    await db().$executeRaw`update translations set claimed_until = now() - interval '1 second' where source_id = ${expired.sourceId}`;
    const reads = vi.spyOn(db(), "$queryRaw");
    const found = await waitForTranslations(scope, [expired, part()], 10_000);
    expect(found.size).toBe(0);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("answers what it has when a claim outlives its wait", async () => {
    const made = part();
    const held = part();
    await claimTranslations(scope, [made, held], 60);
    await storeTranslations(scope, [made], ["Listo"], "test");
    const found = await waitForTranslations(scope, [made, held], 300);
    expect([...found]).toEqual([[`${made.sourceId}:0`, "Listo"]]);
    expect(await storedTranslations(scope, [held])).toEqual(new Map());
  });
});
