import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { api, call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { seedSearchWorld, type SearchWorld } from "../helpers/search-world";

/**
 * GET /api/search: one search over everything, and every visibility rule of the endpoints
 * that show the records, viewer by viewer. The world (tests/helpers/search-world.ts): John
 * Smithers (candidate, mentored by Mira), Cleo Whitfield (another candidate), an archived Archie
 * Vance, interviews with open and private answers in English and Spanish, a recording with a
 * transcript, conversations with a Spanish message and its English translation, files.
 */

let w: SearchWorld;
let other: TestDistrict;

beforeAll(async () => {
  w = await seedSearchWorld();
  other = await makeDistrict("Search elsewhere");
  // Another district with the same words: never found from the first, nor the first's from it.
  const stranger = await other.addPerson("candidate", { first: "John", last: "Smithers" });
  await db().interview.create({
    data: { districtId: other.id, personId: stranger.id, date: "2026-01-01", published: true, responses: { x: { en: "quokka zebra leadership" } } },
  });
});

type Hit = { type: string; id: string; title: string; snippet: string; url: string; [k: string]: unknown };

async function search(token: string, q: string, extra = ""): Promise<Hit[]> {
  const res = await api.get(`/api/search?q=${encodeURIComponent(q)}${extra}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results;
}

const ids = (hits: Hit[], type?: string) => hits.filter((h) => !type || h.type === type).map((h) => h.id);

describe("the request", () => {
  it("401 without a token, or with an unknown one", async () => {
    expect((await api.get("/api/search?q=john")).status).toBe(401);
    expect((await api.get("/api/search?q=john", "cas_nope")).status).toBe(401);
  });

  it.each([
    ["no q", ""],
    ["a blank q", "?q=%20%20"],
    ["a q over 200 characters", `?q=${"a".repeat(201)}`],
    ["an unknown type", "?q=john&type=people,robots"],
    ["a limit over 50", "?q=john&limit=51"],
    ["a limit of 0", "?q=john&limit=0"],
    ["a cursor of another list", `?q=john&cursor=${Buffer.from(JSON.stringify(["x", "y"])).toString("base64url")}`],
    ["a garbled cursor", "?q=john&cursor=@@@"],
    ["an archived flag that is not 0 or 1", "?q=john&archived=maybe"],
  ])("400 validation_error for %s", async (_, query) => {
    const res = await api.get(`/api/search${query}`, w.tokens.admin);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details?.length).toBeGreaterThan(0);
  });

  it("403 for an API key without read:people", async () => {
    const { key } = await w.d.addKey(["read:interviews", "write:interviews"]);
    const res = await api.get("/api/search?q=john", key);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });
});

describe("what is found, and how", () => {
  it("a person by name, by prefix and despite a typo; people come first", async () => {
    expect(ids(await search(w.tokens.admin, "Smithers"), "person")).toEqual([w.john]);
    expect(ids(await search(w.tokens.admin, "Cle"), "person")).toContain(w.cleo);
    const typo = await search(w.tokens.admin, "Jonh");
    expect(typo[0]).toMatchObject({ type: "person", id: w.john, title: "John Smithers", url: `/people/${w.john}`, person_id: w.john, archived: 0 });
    expect(ids(await search(w.tokens.admin, "Whitfeild"), "person")).toEqual([w.cleo]);
  });

  it("a person by e-mail and by tag name", async () => {
    expect(ids(await search(w.tokens.admin, w.johnEmail.split("@")[0]), "person")).toContain(w.john);
    expect(ids(await search(w.tokens.admin, "scholarship"), "person")).toEqual([w.john]);
  });

  it("marks the matched words in the snippet with U+0002 … U+0003", async () => {
    const [hit] = await search(w.tokens.admin, "leadership", "&type=interviews");
    expect(hit.snippet).toContain("\u0002leadership\u0003");
  });

  it("every language of a multilingual answer, Spanish by its stems", async () => {
    for (const q of ["leadership", "liderazgo", "entrevista", "ENTREVISTAS"]) {
      const hits = await search(w.tokens.admin, q, "&type=interviews");
      expect(
        hits.map((h) => [h.type, h.id, h.field_id]),
        q,
      ).toEqual([["interview", w.published, "open"]]);
      expect(hits[0]).toMatchObject({
        person_id: w.john,
        interview_id: w.published,
        url: `/interviews/${w.john}/${w.published}`,
        title: "Interview of John Smithers, 2026-05-02",
      });
    }
  });

  it("a phrase in quotes", async () => {
    expect(await search(w.tokens.admin, '"gardening leadership"', "&type=interviews")).toEqual([]);
    expect(ids(await search(w.tokens.admin, '"leadership and gardening"', "&type=interviews"))).toEqual([w.published]);
  });

  it("a transcript moment: recording_id, at_ms, and a url that opens the recording there", async () => {
    const hits = await search(w.tokens.admin, "aurora", "&type=recordings");
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      type: "recording",
      id: w.recording,
      recording_id: w.recording,
      interview_id: w.published,
      person_id: w.john,
      at_ms: 35_000,
      title: "Morning session",
      url: `/interviews/${w.john}/${w.published}?recording=${w.recording}&t=35000`,
    });
    expect(hits[0].snippet).toContain("\u0002aurora\u0003");
  });

  it("a recording by its name and its summary", async () => {
    expect(ids(await search(w.tokens.admin, "morning", "&type=recordings"))).toEqual([w.recording]);
    const [summary] = await search(w.tokens.admin, "volcanoes", "&type=recordings");
    expect(summary).toMatchObject({ id: w.recording, url: `/interviews/${w.john}/${w.published}?recording=${w.recording}` });
    expect(summary.at_ms).toBeUndefined();
  });

  it("a message: conversation_id, and a url to it in its conversation", async () => {
    const [hit] = await search(w.tokens.john, "quarterly", "&type=messages");
    expect(hit).toMatchObject({
      type: "message",
      id: w.englishMessage,
      conversation_id: w.conversation,
      url: `/messages/${w.conversation}?message=${w.englishMessage}`,
    });
    expect(hit.title).toBe("District Administrator");
  });

  it("a message by the reader's own translation, and not by another language's", async () => {
    expect(ids(await search(w.tokens.john, "budget", "&type=messages"))).toEqual([w.spanishMessage]);
    expect(ids(await search(w.tokens.john, "presupuesto", "&type=messages"))).toEqual([w.spanishMessage]);
    // The French reader of the same conversation: the original, but not the English translation.
    expect(ids(await search(w.tokens.french, "presupuesto", "&type=messages"))).toEqual([w.spanishMessage]);
    expect(await search(w.tokens.french, "budget", "&type=messages")).toEqual([]);
  });

  it("file names: a person's files and interview attachments", async () => {
    expect(await search(w.tokens.admin, "resume", "&type=files")).toEqual([
      expect.objectContaining({ type: "file", id: w.personFile, title: "resume_john.pdf", url: `/people/${w.john}`, person_id: w.john }),
    ]);
    expect(await search(w.tokens.admin, "portfolio", "&type=files")).toEqual([
      expect.objectContaining({ type: "file", id: w.openFile, url: `/interviews/${w.john}/${w.published}`, interview_id: w.published, field_id: "docs" }),
    ]);
  });

  it("type= keeps only the groups asked for", async () => {
    const all = await search(w.tokens.admin, "john");
    expect(new Set(all.map((h) => h.type)).size).toBeGreaterThan(1);
    expect(new Set((await search(w.tokens.admin, "john", "&type=people")).map((h) => h.type))).toEqual(new Set(["person"]));
  });

  it("pages by next_cursor: every hit once, in order, then null", async () => {
    const whole = await search(w.tokens.admin, "pagey", "&limit=50");
    expect(whole).toHaveLength(7);
    const seen: Hit[] = [];
    let cursor = "";
    for (let i = 0; i < 10; i++) {
      const res = await api.get(`/api/search?q=pagey&limit=3${cursor ? `&cursor=${cursor}` : ""}`, w.tokens.admin);
      expect(res.status).toBe(200);
      seen.push(...res.body.results);
      if (!res.body.next_cursor) break;
      cursor = res.body.next_cursor;
    }
    expect(seen.map((h) => h.id)).toEqual(whole.map((h) => h.id));
  });
});

describe("visibility", () => {
  // [viewer, query, type filter, found?]
  const RULES: Array<[keyof SearchWorld["tokens"], string, string, boolean]> = [
    // Private answers (p: 1) and their attachments: admins, board members, interview editors.
    ["admin", "zebra", "interviews", true],
    ["board", "zebra", "interviews", true],
    ["interviewEditor", "zebra", "interviews", true],
    ["mentor", "zebra", "interviews", false],
    ["john", "zebra", "interviews", false],
    ["admin", "medical", "files", true],
    ["mentor", "medical", "files", false],
    ["john", "medical", "files", false],
    // Published interviews: the candidate and their mentor; unpublished: staff only.
    ["mentor", "leadership", "interviews", true],
    ["john", "leadership", "interviews", true],
    ["cleo", "leadership", "interviews", false],
    ["otherMentor", "leadership", "interviews", false],
    ["peopleEditor", "leadership", "interviews", false],
    ["admin", "walrus", "interviews", true],
    ["mentor", "walrus", "interviews", false],
    ["john", "walrus", "interviews", false],
    // A mentor's candidates only.
    ["mentor", "platypus", "interviews", false],
    ["cleo", "platypus", "interviews", true],
    ["mentor", "Smithers", "people", true],
    ["mentor", "Whitfield", "people", false],
    ["otherMentor", "Smithers", "people", false],
    ["cleo", "Smithers", "people", false],
    ["john", "Smithers", "people", true],
    ["peopleEditor", "Whitfield", "people", true],
    // Recordings and transcripts follow their interview.
    ["john", "aurora", "recordings", true],
    ["mentor", "aurora", "recordings", true],
    ["cleo", "aurora", "recordings", false],
    ["peopleEditor", "aurora", "recordings", false],
    // Person files follow their person.
    ["john", "resume", "files", true],
    ["mentor", "resume", "files", true],
    ["cleo", "resume", "files", false],
    ["john", "portfolio", "files", true],
    ["cleo", "portfolio", "files", false],
    // Messages: the conversations the reader takes part in.
    ["john", "quarterly", "messages", true],
    ["admin", "quarterly", "messages", true],
    ["board", "quarterly", "messages", false],
    ["cleo", "quarterly", "messages", false],
    // Up to their leaving, for one who left.
    ["leaver", "beforehand", "messages", true],
    ["leaver", "afterwards", "messages", false],
    ["john", "afterwards", "messages", true],
  ];

  it.each(RULES)("%s searching %s in %s: found %s", async (viewer, q, type, found) => {
    const hits = await search(w.tokens[viewer], q, `&type=${type}`);
    expect(hits.length > 0, JSON.stringify(hits)).toBe(found);
  });

  it("archived people only when asked", async () => {
    expect(await search(w.tokens.admin, "Vance", "&type=people")).toEqual([]);
    const asked = await search(w.tokens.admin, "Vance", "&type=people&archived=1");
    expect(asked).toEqual([expect.objectContaining({ id: w.archived, archived: 1 })]);
    expect(ids(await search(w.tokens.admin, "vance_cv", "&type=files"))).toEqual([]);
    expect(ids(await search(w.tokens.admin, "vance_cv", "&type=files&archived=1"))).toEqual([w.archivedFile]);
  });

  it("another district's records: 0 hits, either way", async () => {
    expect(await search(w.tokens.admin, "quokka")).toEqual([]);
    expect(ids(await search(w.tokens.admin, "Smithers"))).toEqual([w.john]);
    for (const q of ["Whitfield", "aurora", "budget", "quarterly", "resume", "portfolio", "platypus", "walrus", "Vance", "liderazgo"]) {
      expect(await search(other.admin.token, q, "&archived=1"), q).toEqual([]);
    }
    // The search works there, on that district's own records.
    expect(await search(other.admin.token, "quokka")).toHaveLength(1);
  });

  it("API keys: admin visibility limited by their scopes, and no messages", async () => {
    const people = (await w.d.addKey(["read:people"])).key;
    const both = (await w.d.addKey(["read:people", "read:interviews"])).key;
    expect(ids(await search(people, "Smithers"))).toEqual([w.john]);
    expect(await search(people, "leadership")).toEqual([]);
    expect(ids(await search(people, "resume"))).toEqual([w.personFile]);
    expect(await search(people, "portfolio")).toEqual([]);
    expect(ids(await search(both, "zebra"))).toEqual([w.published]);
    expect(ids(await search(both, "aurora"))).toEqual([w.recording]);
    expect(ids(await search(both, "portfolio"))).toEqual([w.openFile]);
    expect(await search(both, "quarterly")).toEqual([]);
  });

  it("a change of rights counts at once: unpublishing hides the interview from its candidate", async () => {
    expect(ids(await search(w.tokens.john, "leadership"))).toEqual([w.published]);
    await db().interview.update({ where: { id: w.published, districtId: w.d.id }, data: { published: false } });
    try {
      expect(await search(w.tokens.john, "leadership")).toEqual([]);
      expect(await search(w.tokens.john, "aurora")).toEqual([]);
    } finally {
      await db().interview.update({ where: { id: w.published, districtId: w.d.id }, data: { published: true } });
    }
  });
});

describe("the index follows the records", () => {
  it("a renamed recording is found by its new name only", async () => {
    await db().audioRecording.update({ where: { id: w.spareRecording, districtId: w.d.id }, data: { name: { en: "Evening rehearsal" } } });
    expect(ids(await search(w.tokens.admin, "rehearsal", "&type=recordings"))).toEqual([w.spareRecording]);
    expect(await search(w.tokens.admin, "spare", "&type=recordings")).toEqual([]);
  });

  it("a deleted recording leaves nothing behind", async () => {
    expect(await db().searchDocument.count({ where: { recordingId: w.spareRecording, districtId: w.d.id } })).toBeGreaterThan(0);
    await db().audioRecording.delete({ where: { id: w.spareRecording, districtId: w.d.id } });
    expect(await db().searchDocument.count({ where: { recordingId: w.spareRecording, districtId: w.d.id } })).toBe(0);
    expect(await db().searchDocument.count({ where: { sourceId: w.spareRecording, districtId: w.d.id } })).toBe(0);
    expect(await search(w.tokens.admin, "rehearsal")).toEqual([]);
    expect(await search(w.tokens.admin, "geysers")).toEqual([]);
  });

  it("a deleted person disappears, with their interviews and files", async () => {
    const gone = await w.d.addPerson("candidate", { first: "Ephemeral", last: "Person" });
    await db().interview.create({ data: { districtId: w.d.id, personId: gone.id, date: "2026-02-02", responses: { x: { en: "fleeting narwhal" } } } });
    expect(ids(await search(w.tokens.admin, "Ephemeral"))).toEqual([gone.id]);
    expect(await search(w.tokens.admin, "narwhal")).toHaveLength(1);
    expect((await call("DELETE", `/api/people/${gone.id}`, { token: w.tokens.admin })).status).toBe(200);
    expect(await search(w.tokens.admin, "Ephemeral")).toEqual([]);
    expect(await search(w.tokens.admin, "narwhal")).toEqual([]);
    expect(await db().searchDocument.count({ where: { personId: gone.id, districtId: w.d.id } })).toBe(0);
  });

  it("an edited answer is found by its new words", async () => {
    const res = await api.patch(`/api/interviews/${w.cleo}/${w.cleoInterview}`, w.tokens.admin, { responses: { open: { en: "an ocelot" } } });
    expect(res.status).toBe(200);
    expect(ids(await search(w.tokens.admin, "ocelot"))).toEqual([w.cleoInterview]);
    expect(await search(w.tokens.admin, "platypus")).toEqual([]);
  });
});
