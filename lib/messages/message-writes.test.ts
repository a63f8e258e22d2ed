import { beforeAll, describe, expect, it } from "vitest";
import { authenticate } from "@/lib/auth/authenticate";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { makeDistrict, type TestDistrict } from "@/tests/helpers/fixtures";
import "@/tests/helpers/job-workers"; // its jobs run in this process, as in the API tests
import { writeLeaving } from "./leave-conversation";
import { writeReadMark } from "./mark-conversation-read";
import { writeMessage } from "./post-message";
import { writeReaction } from "./toggle-reaction";

/**
 * The message writes alone, on the real database: each returns what it wrote (the rows, the
 * event's seq, who reads it) and publishes nothing; the routes' tests (tests/api/messages*.test.ts)
 * cover the fan-out and translation steps that follow them.
 */

type Person = { id: string; token: string };

let d: TestDistrict;
let ana: Person;
let ben: Person;
let cai: Person;
let gone: Person;

const ctxOf = async (person: Person): Promise<Ctx> =>
  (await authenticate(new Request("http://localhost/api/messages", { headers: { authorization: `Bearer ${person.token}` } }), "http://localhost")).ctx;

/** A conversation as create-conversation.ts makes one: its participants, the first one's opening message at seq 1. */
async function conversationOf(people: Person[], directKey: string | null = null) {
  const now = Date.now();
  const conversation = await db().conversation.create({
    data: {
      districtId: d.id,
      directKey,
      seq: 1,
      createdById: people[0].id,
      participants: {
        create: people.map((p, i) => ({ personId: p.id, districtId: d.id, joinedAt: new Date(now + i), lastReadSeq: i === 0 ? 1 : 0 })),
      },
      messages: { create: { districtId: d.id, senderId: people[0].id, body: "Opening", language: "en", seq: 1 } },
    },
    select: { id: true },
  });
  return conversation.id;
}

const seqOf = async (id: string) => (await db().conversation.findUniqueOrThrow({ where: { id }, select: { seq: true } })).seq;
const participation = (conversationId: string, personId: string) =>
  db().conversationParticipant.findUniqueOrThrow({
    where: { conversationId_personId: { conversationId, personId } },
    select: { leftAt: true, lastReadSeq: true },
  });

beforeAll(async () => {
  d = await makeDistrict("Message writes");
  ana = await d.addPerson("board", { first: "Ana", last: "Alpha" });
  ben = await d.addPerson("board", { first: "Ben", last: "Beta", language: "es" });
  cai = await d.addPerson("board", { first: "Cai", last: "Gamma" });
  gone = await d.addPerson("board", { first: "Gil", last: "Gone" });
});

describe("writeMessage", () => {
  it("stores the message at the conversation's next seq, read by its sender, and returns it with its current readers", async () => {
    const id = await conversationOf([ana, ben, gone]);
    await db().person.update({ where: { id: gone.id, districtId: d.id }, data: { archived: true } });
    const { row, readers } = await writeMessage(await ctxOf(ben), id, { body: "Hola a todos" });
    expect(row).toMatchObject({ senderId: ben.id, kind: "message", body: "Hola a todos", reactions: {}, seq: 2 });
    // Archived people read nothing.
    expect(readers).toEqual([
      { personId: ana.id, language: "en" },
      { personId: ben.id, language: "es" },
    ]);
    const stored = await db().message.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({ conversationId: id, senderId: ben.id, body: "Hola a todos", seq: 2, language: row.language });
    expect(stored.createdAt.getTime()).toBe(row.createdAt.getTime());
    expect(await seqOf(id)).toBe(2);
    expect((await participation(id, ben.id)).lastReadSeq).toBe(2);
    expect((await participation(id, ana.id)).lastReadSeq).toBe(1);
  });

  it("writes nothing for someone who left (403), nor where no one else is left (409)", async () => {
    const id = await conversationOf([ana, ben, cai]);
    await writeLeaving(await ctxOf(cai), id);
    await expect(writeMessage(await ctxOf(cai), id, { body: "Still here?" })).rejects.toMatchObject({ code: "forbidden" });
    // Ben gone too, set directly (a group down to 2 cannot be left): Ana is alone in it.
    await db().conversationParticipant.update({
      where: { conversationId_personId: { conversationId: id, personId: ben.id }, districtId: d.id },
      data: { leftAt: new Date() },
    });
    const before = await seqOf(id);
    await expect(writeMessage(await ctxOf(ana), id, { body: "Anyone?" })).rejects.toMatchObject({ code: "conflict" });
    expect(await seqOf(id)).toBe(before);
    expect(await db().message.count({ where: { conversationId: id, body: { in: ["Still here?", "Anyone?"] } } })).toBe(0);
  });
});

describe("writeReaction", () => {
  it("toggles the caller's reaction on the message, under a new seq, and returns the message and its readers", async () => {
    const id = await conversationOf([ana, ben]);
    const message = await db().message.findFirstOrThrow({ where: { conversationId: id, seq: 1 }, select: { id: true } });
    const added = await writeReaction(await ctxOf(ben), id, { messageId: message.id, emoji: "👍" });
    expect(added.seq).toBe(2);
    expect(added.row).toMatchObject({ id: message.id, reactions: { "👍": [ben.id] } });
    expect(added.readers.map((r) => r.personId)).toEqual([ana.id, ben.id]);
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).reactions).toEqual({ "👍": [ben.id] });

    const removed = await writeReaction(await ctxOf(ben), id, { messageId: message.id, emoji: "👍" });
    expect(removed).toMatchObject({ seq: 3, row: { reactions: {} } });
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).reactions).toEqual({});
  });

  it("a message of another conversation is 404, and the seq bump is undone with it", async () => {
    const id = await conversationOf([ana, ben]);
    const elsewhere = await conversationOf([ana, cai]);
    const foreign = await db().message.findFirstOrThrow({ where: { conversationId: elsewhere }, select: { id: true } });
    await expect(writeReaction(await ctxOf(ana), id, { messageId: foreign.id, emoji: "👍" })).rejects.toMatchObject({ code: "not_found" });
    expect(await seqOf(id)).toBe(1);
  });
});

describe("writeLeaving", () => {
  it("posts the 'left' notice at the next seq and ends the leaver's participation there; returns the readers until then", async () => {
    const id = await conversationOf([ana, ben, cai]);
    const { notice, readers } = await writeLeaving(await ctxOf(cai), id);
    expect(notice).toMatchObject({ senderId: cai.id, kind: "left", body: "Cai Gamma", language: "zxx", seq: 2 });
    expect(readers.map((r) => r.personId)).toEqual([ana.id, ben.id, cai.id]);
    expect(await participation(id, cai.id)).toEqual({ leftAt: notice.createdAt, lastReadSeq: 2 });
    expect(await seqOf(id)).toBe(2);
  });

  it("a direct conversation cannot be left (409): nothing is written", async () => {
    const id = await conversationOf([ana, ben], [ana.id, ben.id].sort().join(":"));
    await expect(writeLeaving(await ctxOf(ana), id)).rejects.toMatchObject({ code: "conflict" });
    expect(await seqOf(id)).toBe(1);
    expect(await participation(id, ana.id)).toEqual({ leftAt: null, lastReadSeq: 1 });
    expect(await db().message.count({ where: { conversationId: id } })).toBe(1);
  });
});

describe("writeReadMark", () => {
  it("marks the newest message read under a new seq, and returns who reads it; nothing new is no write and no event", async () => {
    const id = await conversationOf([ana, ben]);
    await writeMessage(await ctxOf(ana), id, { body: "Second" });
    const mark = await writeReadMark(await ctxOf(ben), id);
    expect(mark).toEqual({
      personId: ben.id,
      lastReadSeq: 2,
      event: { seq: 3, readers: [expect.objectContaining({ personId: ana.id }), expect.objectContaining({ personId: ben.id })] },
    });
    expect((await participation(id, ben.id)).lastReadSeq).toBe(2);

    expect(await writeReadMark(await ctxOf(ben), id)).toEqual({ personId: ben.id, lastReadSeq: 2, event: null });
    expect(await seqOf(id)).toBe(3);
  });

  it("someone who left has nothing to mark", async () => {
    const id = await conversationOf([ana, ben, cai]);
    await writeLeaving(await ctxOf(cai), id);
    await writeMessage(await ctxOf(ana), id, { body: "After Cai left" });
    const before = await seqOf(id);
    expect(await writeReadMark(await ctxOf(cai), id)).toEqual({ personId: cai.id, lastReadSeq: 2, event: null });
    expect(await seqOf(id)).toBe(before);
  });
});
