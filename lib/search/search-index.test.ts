import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { makeDistrict, type TestDistrict } from "../../tests/helpers/fixtures";
import "../../tests/helpers/job-workers"; // its jobs run in this process, as in the API tests
import { backfillDistrict } from "./backfill-index";
import { indexRecordingTranscript, queuePendingTranscripts } from "./index-recording";
import { prefixQueryText } from "./search-everything";
import { searchableGroups } from "./search-branches";

/** How documents follow their sources (migration 20261127130000_search), and the rules of lib/search. */

let d: TestDistrict;
const docs = (where: Record<string, unknown>) =>
  db().searchDocument.findMany({
    where: { districtId: d.id, ...where },
    select: { kind: true, part: true, config: true, body: true, atMs: true },
    orderBy: [{ kind: "asc" }, { part: "asc" }],
  });

beforeAll(async () => {
  d = await makeDistrict("Search index");
});

describe("documents follow their sources", () => {
  it("an answer in several languages is one document per language, each in its language's configuration", async () => {
    const p = await d.addPerson("candidate", { first: "Ana", last: "Lima" });
    const i = await db().interview.create({
      data: {
        districtId: d.id,
        personId: p.id,
        date: "2026-01-01",
        responses: { a: { en: "Hello", es: "Hola", pt: "Olá", fr: "Bonjour", de: "Hallo" }, b: 2, c: { file1: { name: "x" } } },
      },
    });
    expect((await docs({ interviewId: i.id })).map((r) => [r.part, r.config])).toEqual([
      ["a:de", "simple"],
      ["a:en", "english"],
      ["a:es", "spanish"],
      ["a:fr", "french"],
      ["a:pt", "portuguese"],
    ]);
  });

  it("a person's document carries name, e-mail and tag names, and follows a tag's rename", async () => {
    const tag = await db().tag.create({ data: { districtId: d.id, name: "Alpha" } });
    const p = await d.addPerson("candidate", { first: "Bea", last: "Cruz" });
    await db().person.update({ where: { id: p.id, districtId: d.id }, data: { tags: [tag.id] } });
    expect((await docs({ kind: "person", personId: p.id }))[0].body).toBe(`Bea Cruz · ${p.email} · Alpha`);
    await db().tag.update({ where: { id: tag.id, districtId: d.id }, data: { name: "Omega" } });
    expect((await docs({ kind: "person", personId: p.id }))[0].body).toBe(`Bea Cruz · ${p.email} · Omega`);
  });

  it("a changed transcript waits in search_pending; its job makes ~30 s passages at their moments", async () => {
    const p = await d.addPerson("candidate");
    const i = await db().interview.create({ data: { districtId: d.id, personId: p.id, date: "2026-01-02" } });
    const id = `rec-index-${Date.now()}`;
    await db().audioRecording.create({ data: { id, districtId: d.id, interviewId: i.id, personId: p.id, name: { en: "Take" } } });
    await db().transcriptSegment.createMany({
      data: [
        [0, "one"],
        [12, "two"],
        [31, "three"],
        [95, "four"],
      ].map(([start, text], index) => ({
        recordingId: id,
        index,
        districtId: d.id,
        start: start as number,
        end: (start as number) + 5,
        language: "es",
        text: text as string,
      })),
    });
    expect(await db().searchPending.count({ where: { recordingId: id, districtId: d.id } })).toBe(1);
    expect(await indexRecordingTranscript({ districtId: d.id, recordingId: id })).toEqual({ passages: 3 });
    expect((await docs({ kind: "transcript", recordingId: id })).map((r) => [r.atMs, r.body, r.config])).toEqual([
      [0, "one two", "spanish"],
      [31000, "three", "spanish"],
      [95000, "four", "spanish"],
    ]);
    expect(await db().searchPending.count({ where: { recordingId: id, districtId: d.id } })).toBe(0);
  });

  it("the upkeep hands pending transcripts to jobs, which index them", async () => {
    const p = await d.addPerson("candidate");
    const i = await db().interview.create({ data: { districtId: d.id, personId: p.id, date: "2026-01-03" } });
    const id = `rec-job-${Date.now()}`;
    await db().audioRecording.create({ data: { id, districtId: d.id, interviewId: i.id, personId: p.id } });
    await db().transcriptSegment.create({ data: { recordingId: id, index: 0, districtId: d.id, start: 0, end: 1, language: "en", text: "queued words" } });
    expect(await queuePendingTranscripts([d.id])).toBeGreaterThanOrEqual(1);
    expect(await db().searchPending.count({ where: { recordingId: id, districtId: d.id } })).toBe(0);
    // The job runs in this process's workers (tests/helpers/job-workers.ts).
    for (let tries = 0; tries < 200 && !(await docs({ kind: "transcript", recordingId: id })).length; tries++) await new Promise((r) => setTimeout(r, 100));
    expect((await docs({ kind: "transcript", recordingId: id })).map((r) => r.body)).toEqual(["queued words"]);
  });

  it("the backfill indexes rows that existed before the index", async () => {
    const p = await d.addPerson("candidate", { first: "Backfilled", last: "Person" });
    await db().interview.create({ data: { districtId: d.id, personId: p.id, date: "2026-01-04", responses: { a: { en: "old answer" } } } });
    await db().personFile.create({ data: { districtId: d.id, personId: p.id, name: "old.pdf", storageKey: "k", contentType: "application/pdf", size: 1 } });
    const before = await db().searchDocument.count({ where: { districtId: d.id } });
    const untranscribed = { districtId: d.id, kind: { not: "transcript" } };
    const beforeOthers = await db().searchDocument.count({ where: untranscribed });
    expect(beforeOthers).toBeLessThan(before);
    await db().searchDocument.deleteMany({ where: { districtId: d.id } });
    expect(await db().searchDocument.count({ where: { districtId: d.id } })).toBe(0);
    expect(await backfillDistrict(d.id)).toBeGreaterThan(0);
    // Transcripts come back through their jobs (search_pending, which the test process's own
    // workers may hand on before this reads it): everything else at once.
    expect(await db().searchDocument.count({ where: untranscribed })).toBe(beforeOthers);
    await Promise.all(
      (await db().searchPending.findMany({ where: { districtId: d.id } })).map((r) =>
        indexRecordingTranscript({ districtId: d.id, recordingId: r.recordingId }),
      ),
    );
    // The workers' index upkeep may have taken some of the pending rows itself: it finishes them.
    await expect.poll(() => db().searchDocument.count({ where: { districtId: d.id } })).toBe(before);
  });
});

describe("rules", () => {
  it("prefix queries: each word of letters and digits, as a prefix", () => {
    expect(prefixQueryText("Cle")).toBe("'cle':*");
    expect(prefixQueryText("  Jo-Ann  O'Neil!  ")).toBe("'jo':* & 'ann':* & 'o':* & 'neil':*");
    expect(prefixQueryText("Zoë 42")).toBe("'zoë':* & '42':*");
    expect(prefixQueryText("'&|!:*()")).toBeNull();
  });

  const key = (scopes: string[]): Ctx => ({ districtId: "d", origin: "x", actor: { type: "key", keyId: "k", scopes: new Set(scopes) as never } });
  const person: Ctx = {
    districtId: "d",
    origin: "x",
    actor: { type: "person", personId: "p", language: "en", kinds: new Set(["candidate"]), permissions: new Set(), sessionToken: "t", sessionExpiresAt: 0 },
  };

  it("what a caller may search: sessions everything, keys by scope and never messages", () => {
    expect([...searchableGroups(person, undefined)].sort()).toEqual(["files", "interviews", "messages", "people", "recordings"]);
    expect([...searchableGroups(key(["read:people"]), undefined)].sort()).toEqual(["files", "people"]);
    expect([...searchableGroups(key(["read:people", "read:interviews"]), undefined)].sort()).toEqual(["files", "interviews", "people", "recordings"]);
    expect([...searchableGroups(key(["read:people"]), new Set(["messages", "people"]))]).toEqual(["people"]);
  });
});
