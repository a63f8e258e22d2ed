import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { sqlRows } from "@/lib/db/pool";
import { createDistrict } from "@/lib/districts/create-district";
import { jobTable } from "@/lib/jobs/job-table";
import { useOwnService } from "../../tests/helpers/own-service";
import { backfillSearchIndex, indexedVersion, SEARCH_INDEX_VERSION } from "./backfill-index";
import { searchIndexUpkeep } from "./index-upkeep";

/**
 * When the whole index is read again, on a database of this file's own (migrated, no district
 * yet): a fresh database never is; one whose districts predate the index is, once.
 */

let close: () => Promise<void>;
const backfillJobs = async () => (await db().$queryRaw<{ n: number }[]>`select count(*)::int as n from ${jobTable()} where name = 'search-backfill'`)[0].n;

beforeAll(async () => {
  close = (await useOwnService("search-backfill")).close;
}, 120_000);

afterAll(async () => close?.());

it("a fresh database's first district records the index as filled, so no backfill is queued", async () => {
  expect(await indexedVersion()).toBe(0);
  await createDistrict({ name: "First", adminEmail: "first@backfill.test" });
  expect(await indexedVersion()).toBe(SEARCH_INDEX_VERSION);
  await searchIndexUpkeep();
  expect(await backfillJobs()).toBe(0);
});

it("a district created when others exist records nothing: rows that predate the index are read again by the backfill", async () => {
  await sqlRows("delete from search_index_state");
  const { district } = await createDistrict({ name: "Second", adminEmail: "second@backfill.test" });
  expect(await indexedVersion()).toBe(0);
  await db().searchDocument.deleteMany({ where: { districtId: district.id } });
  const result = await backfillSearchIndex({ version: SEARCH_INDEX_VERSION });
  expect(result).toMatchObject({ districts: 2 });
  expect(await indexedVersion()).toBe(SEARCH_INDEX_VERSION);
  // The second district's administrator is found again.
  expect(await db().searchDocument.count({ where: { districtId: district.id, kind: "person" } })).toBe(1);
});
