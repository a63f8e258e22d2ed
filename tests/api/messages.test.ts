import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { MAX_PAGE } from "@/lib/messages/schemas";
import { api } from "../helpers/api";
import { ALL_SCOPES, makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startTestRealtime, type TestRealtime } from "../helpers/realtime";

/**
 * The messages contract (spec "Messages", Limits 4–5) and the rules where it is silent
 * (docs/messages.md, "Rules"): who may write to whom, direct conversations reused,
 * visibility, leaving, reactions, unread counts, paging, tenant isolation, keys refused.
 * Translation: messages-translation.test.ts; realtime: messages-realtime.test.ts.
 */

type Person = { id: string; token: string };

let realtime: TestRealtime;
let d: TestDistrict;
let other: TestDistrict;
let admin: Person;
let board: Person;
let mentor: Person;
let candidate: Person;
let otherMentor: Person;
let otherCandidate: Person;
let plain: Person;
let archived: Person;
let stranger: Person;

beforeAll(async () => {
  realtime = await startTestRealtime();
  d = await makeDistrict("Messages");
  other = await makeDistrict("Elsewhere");
  admin = d.admin;
  board = await d.addPerson("board", { first: "Bea", last: "Board" });
  mentor = await d.addPerson("mentor", { first: "Max", last: "Mentor" });
  candidate = await d.addPerson("candidate", { first: "Cleo", last: "Candidate" });
  otherMentor = await d.addPerson("mentor", { first: "Mia", last: "Mentor" });
  otherCandidate = await d.addPerson("candidate", { first: "Cal", last: "Candidate" });
  plain = await d.addPerson("other", { first: "Olly", last: "Other" });
  archived = await d.addPerson("candidate", { first: "Arch", last: "Ived", archived: true });
  stranger = await d.addPerson("candidate", { first: "Sam", last: "Stranger" });
  await d.assignMentor(mentor.id, candidate.id);
  await d.assignMentor(otherMentor.id, otherCandidate.id);
});

afterAll(async () => {
  await realtime.close();
});

/** Starts a conversation and returns its id (asserting 201). */
async function start(from: Person, to: Person[], body = "Hello there") {
  const res = await api.post("/api/messages", from.token, { participants: to.map((p) => p.id), body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const say = (from: Person, conversationId: string, body: string) => api.post(`/api/messages/${conversationId}`, from.token, { body });

describe("sessions only", () => {
  it("an API key gets 403 on every messages and realtime route, whatever its scopes", async () => {
    const key = (await d.addKey(ALL_SCOPES)).key;
    const conversation = await start(admin, [board]);
    const calls = [
      api.get("/api/messages", key),
      api.post("/api/messages", key, { participants: [board.id], body: "hi" }),
      api.get("/api/messages/contacts", key),
      api.get("/api/messages/unread", key),
      api.get(`/api/messages/${conversation}`, key),
      api.post(`/api/messages/${conversation}`, key, { body: "hi" }),
      api.post(`/api/messages/${conversation}/react`, key, { messageId: "x", emoji: "👍" }),
      api.post(`/api/messages/${conversation}/read`, key),
      api.delete(`/api/messages/${conversation}`, key),
      api.get("/api/realtime", key),
      api.post("/api/realtime/auth", key, { socket_id: "1.2", channel_name: `private-person-${admin.id}` }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("no token is 401", async () => {
    expect((await api.get("/api/messages", null)).status).toBe(401);
  });
});

describe("who may write to whom", () => {
  const contactIds = async (p: Person) => {
    const res = await api.get("/api/messages/contacts", p.token);
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body as { id: string; relation: string }[]).map((c) => [c.id, c.relation]));
  };

  it("staff may write to every active person of the district, and nobody else", async () => {
    const contacts = await contactIds(admin);
    for (const p of [board, mentor, candidate, otherMentor, otherCandidate, plain, stranger]) expect(contacts).toHaveProperty(p.id);
    expect(contacts[board.id]).toBe("staff");
    expect(contacts[plain.id]).toBe("person");
    expect(contacts).not.toHaveProperty(admin.id);
    expect(contacts).not.toHaveProperty(archived.id);
    expect(contacts).not.toHaveProperty(other.admin.id);
    expect(await contactIds(board)).toHaveProperty(stranger.id);
  });

  it("a mentor: their candidates and staff; a candidate: their mentors and staff; anyone else: staff", async () => {
    expect(await contactIds(mentor)).toEqual({ [candidate.id]: "your_candidate", [admin.id]: "staff", [board.id]: "staff" });
    expect(await contactIds(candidate)).toEqual({ [mentor.id]: "your_mentor", [admin.id]: "staff", [board.id]: "staff" });
    expect(await contactIds(plain)).toEqual({ [admin.id]: "staff", [board.id]: "staff" });
  });

  it("lists contacts sorted by last name, with names", async () => {
    const res = await api.get("/api/messages/contacts", candidate.token);
    const lasts = res.body.map((c: { last: string }) => c.last.toLowerCase());
    expect(lasts).toEqual([...lasts].sort());
    expect(res.body.find((c: { id: string }) => c.id === mentor.id)).toEqual({ id: mentor.id, first: "Max", last: "Mentor", relation: "your_mentor" });
  });

  it("anyone outside the rules in participants is 404, and so are archived people, other districts' ids and unknown ids", async () => {
    const refused: [Person, string][] = [
      [mentor, otherCandidate.id],
      [mentor, otherMentor.id],
      [candidate, otherMentor.id],
      [candidate, stranger.id],
      [plain, candidate.id],
      [admin, archived.id],
      [admin, other.admin.id],
      [admin, "nobody"],
    ];
    for (const [from, to] of refused) {
      const res = await api.post("/api/messages", from.token, { participants: [to], body: "Hi" });
      expect(res.status, `${to}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    // One outsider among allowed people refuses the whole request, and nothing is made.
    const before = await db().conversation.count({ where: { districtId: d.id } });
    expect((await api.post("/api/messages", mentor.token, { participants: [candidate.id, otherCandidate.id], body: "Hi" })).status).toBe(404);
    expect(await db().conversation.count({ where: { districtId: d.id } })).toBe(before);
  });

  it("the allowed directions work", async () => {
    await start(mentor, [candidate]);
    await start(mentor, [board]);
    await start(candidate, [admin]);
    await start(plain, [board]);
    await start(admin, [plain, stranger]);
  });
});

describe("POST /api/messages", () => {
  it("answers { id, district_id, participants, created_at }: the sender first, then the others", async () => {
    const res = await api.post("/api/messages", admin.token, { participants: [mentor.id, candidate.id], body: "Welcome, both of you" });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["created_at", "district_id", "id", "participants"]);
    expect(res.body).toMatchObject({ district_id: d.id, participants: [admin.id, mentor.id, candidate.id] });
    expect(res.body.created_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it("needs at least one person besides the sender, and a body of 1–4,000 characters after trimming", async () => {
    const cases = [
      { participants: [], body: "Hi" },
      { participants: [admin.id], body: "Hi" },
      { participants: [board.id], body: "   \n " },
      { participants: [board.id], body: "x".repeat(4001) },
      { participants: [board.id] },
      { body: "Hi" },
      { participants: "nope", body: "Hi" },
    ];
    for (const body of cases) {
      const res = await api.post("/api/messages", admin.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    const longest = await api.post("/api/messages", admin.token, { participants: [board.id], body: `  ${"y".repeat(4000)}  ` });
    expect(longest.status).toBe(201);
    const read = await api.get(`/api/messages/${longest.body.id}`, admin.token);
    expect(read.body.messages.at(-1).body).toBe("y".repeat(4000));
  });

  it("a second POST to the same single person reuses the direct conversation, from either side", async () => {
    const first = await api.post("/api/messages", mentor.token, { participants: [candidate.id], body: "First" });
    const second = await api.post("/api/messages", mentor.token, { participants: [candidate.id, mentor.id, candidate.id], body: "Second" });
    const reply = await api.post("/api/messages", candidate.token, { participants: [mentor.id], body: "Reply" });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(reply.body.id).toBe(first.body.id);
    expect(second.body.created_at).toBe(first.body.created_at);
    const read = await api.get(`/api/messages/${first.body.id}`, candidate.token);
    expect(read.body.kind).toBe("direct");
    expect(read.body.messages.slice(-3).map((m: { body: string }) => m.body)).toEqual(["First", "Second", "Reply"]);
    // Two first messages at the same moment still make one conversation.
    const fresh = await d.addPerson("board");
    const [a, b] = await Promise.all([
      api.post("/api/messages", admin.token, { participants: [fresh.id], body: "A" }),
      api.post("/api/messages", fresh.token, { participants: [admin.id], body: "B" }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
  });

  it("a group is a new conversation each time", async () => {
    const one = await start(admin, [board, mentor]);
    const two = await start(admin, [board, mentor]);
    expect(one).not.toBe(two);
  });
});

describe("reading", () => {
  it("GET /api/messages/:id: participants, messages oldest first in the Message shape, and marks it read", async () => {
    const id = await start(board, [admin, mentor], "Agenda for Monday");
    await say(mentor, id, "Thanks, noted");
    const res = await api.get(`/api/messages/${id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, district_id: d.id, kind: "group", participants: [board.id, admin.id, mentor.id], has_more: 0, left: 0 });
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(["Agenda for Monday", "Thanks, noted"]);
    const [first] = res.body.messages;
    expect(first).toEqual({
      id: expect.any(String),
      sender_id: board.id,
      body: "Agenda for Monday",
      reactions: {},
      created_at: expect.any(Number),
      kind: "message",
      seq: 1,
      language: "en",
    });
    expect(res.body.people.map((p: { id: string }) => p.id).sort()).toEqual([admin.id, board.id, mentor.id].sort());
    expect(res.body.people.find((p: { id: string }) => p.id === mentor.id)).toEqual({ id: mentor.id, first: "Max", last: "Mentor" });
    // Seen by: the admin has now read up to the newest message.
    expect(res.body.read[admin.id]).toBe(res.body.messages[1].seq);
    expect(res.body.read[board.id]).toBe(1);
  });

  it("POST /api/messages/:id answers the Message, as written", async () => {
    const id = await start(admin, [board]);
    const res = await say(board, id, "  On my way  ");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sender_id: board.id, body: "On my way", reactions: {}, kind: "message", language: "en" });
    expect(res.body).not.toHaveProperty("original");
    // Stored as it was answered (the time in UTC, whatever the database's zone).
    expect(Math.abs(res.body.created_at - Date.now())).toBeLessThan(60_000);
    const read = await api.get(`/api/messages/${id}`, admin.token);
    expect(read.body.messages.at(-1)).toEqual(res.body);
  });

  it("the same Idempotency-Key twice (the chat's Retry after a lost answer) stores one message: the second answer replays the first", async () => {
    const id = await start(admin, [board]);
    const key = { headers: { "idempotency-key": "chat-retry-3f2a" } };
    const first = await api.post(`/api/messages/${id}`, board.token, { body: "Are you there?" }, key);
    const retry = await api.post(`/api/messages/${id}`, board.token, { body: "Are you there?" }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    const read = await api.get(`/api/messages/${id}`, admin.token);
    expect(read.body.messages.filter((m: { body: string }) => m.body === "Are you there?")).toEqual([first.body]);
  });

  it("a conversation and its messages are visible to its participants only: 404 for anyone else", async () => {
    const id = await start(mentor, [candidate], "Private between us");
    for (const outsider of [admin, board, otherMentor, other.admin]) {
      expect((await api.get(`/api/messages/${id}`, outsider.token)).status).toBe(404);
      expect((await say(outsider, id, "me too")).status).toBe(404);
      expect((await api.post(`/api/messages/${id}/read`, outsider.token)).status).toBe(404);
      expect((await api.delete(`/api/messages/${id}`, outsider.token)).status).toBe(404);
      const list = await api.get("/api/messages", outsider.token);
      expect(list.body.map((c: { id: string }) => c.id)).not.toContain(id);
    }
    expect((await api.get("/api/messages/nothing0", admin.token)).status).toBe(404);
  });
});

describe("GET /api/messages: the list", () => {
  it("newest activity first, each with last_message {id, body, sender_id, created_at} and unread", async () => {
    const reader = await d.addPerson("board", { first: "Rae", last: "Reader" });
    const older = await start(admin, [reader], "Older conversation");
    const newer = await start(mentor, [reader], "Newer conversation");
    await say(mentor, newer, "And another");
    let list = (await api.get("/api/messages", reader.token)).body;
    expect(list.map((c: { id: string }) => c.id)).toEqual([newer, older]);
    const [top] = list;
    expect(top.last_message).toEqual({ id: expect.any(String), body: "And another", sender_id: mentor.id, created_at: expect.any(Number) });
    expect(top.unread).toBe(2);
    expect(list[1].unread).toBe(1);
    expect(top.people.map((p: { id: string }) => p.id).sort()).toEqual([mentor.id, reader.id].sort());

    // New activity moves a conversation to the top.
    await say(admin, older, "Bumped");
    list = (await api.get("/api/messages", reader.token)).body;
    expect(list.map((c: { id: string }) => c.id)).toEqual([older, newer]);
    expect(list[0].unread).toBe(2);
    expect((await api.get("/api/messages/unread", reader.token)).body).toEqual({ total: 4, conversations: { [older]: 2, [newer]: 2 } });

    // Answering marks what came before read; the reader's own messages are never unread.
    await say(reader, older, "My answer");
    list = (await api.get("/api/messages", reader.token)).body;
    expect(list[0]).toMatchObject({ id: older, unread: 0, last_message: { body: "My answer", sender_id: reader.id } });
    expect((await api.get("/api/messages/unread", reader.token)).body).toEqual({ total: 2, conversations: { [newer]: 2 } });
    await say(admin, older, "One more");
    await api.get(`/api/messages/${older}`, reader.token);
    expect((await api.get("/api/messages/unread", reader.token)).body).toEqual({ total: 2, conversations: { [newer]: 2 } });
    const marked = await api.post(`/api/messages/${newer}/read`, reader.token);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ ok: true, last_read_seq: expect.any(Number) });
    expect((await api.get("/api/messages/unread", reader.token)).body).toEqual({ total: 0, conversations: {} });
    expect((await api.get("/api/messages", reader.token)).body.every((c: { unread: number }) => c.unread === 0)).toBe(true);
  });
});

describe("reactions", () => {
  let conversation: string;
  let messageId: string;

  beforeAll(async () => {
    conversation = await start(admin, [board, mentor], "React to this");
    messageId = (await api.get(`/api/messages/${conversation}`, admin.token)).body.messages[0].id;
  });

  const react = (p: Person, emoji: string, id = messageId) => api.post(`/api/messages/${conversation}/react`, p.token, { messageId: id, emoji });

  it("toggles: reacting adds the person under the emoji, reacting again with it removes them", async () => {
    let res = await react(board, "👍");
    expect(res.status).toBe(200);
    expect(res.body.reactions).toEqual({ "👍": [board.id] });
    res = await react(mentor, "👍");
    expect(res.body.reactions).toEqual({ "👍": [board.id, mentor.id] });
    res = await react(mentor, "🎉");
    expect(res.body.reactions).toEqual({ "👍": [board.id, mentor.id], "🎉": [mentor.id] });
    res = await react(board, "👍");
    expect(res.body.reactions).toEqual({ "👍": [mentor.id], "🎉": [mentor.id] });
    res = await react(mentor, "🎉");
    expect(res.body.reactions).toEqual({ "👍": [mentor.id] });
    const read = await api.get(`/api/messages/${conversation}`, admin.token);
    expect(read.body.messages[0].reactions).toEqual({ "👍": [mentor.id] });
  });

  it("concurrent toggles by different people all count", async () => {
    const emoji = "❤️";
    await Promise.all([react(admin, emoji), react(board, emoji), react(mentor, emoji)]);
    const read = await api.get(`/api/messages/${conversation}`, admin.token);
    expect([...read.body.messages[0].reactions[emoji]].sort()).toEqual([admin.id, board.id, mentor.id].sort());
  });

  it("accepts any single emoji (skin tones, flags, ZWJ sequences), and a body that is not exactly one emoji is 400", async () => {
    for (const emoji of ["👍🏽", "🇪🇸", "👨‍👩‍👧"]) expect((await react(board, emoji)).status).toBe(200);
    for (const emoji of ["", "a", "👍👍", " 👍", "ok", ":+1:"]) {
      const res = await react(board, emoji);
      expect(res.status, emoji).toBe(400);
      expect(res.body.error.details[0].path).toBe("emoji");
    }
    expect((await api.post(`/api/messages/${conversation}/react`, board.token, { messageId })).status).toBe(400);
  });

  it("a message of another conversation, or an unknown one, is 404", async () => {
    const elsewhere = await start(admin, [board], "Elsewhere");
    const foreign = (await api.get(`/api/messages/${elsewhere}`, admin.token)).body.messages[0].id;
    expect((await react(board, "👍", foreign)).status).toBe(404);
    expect((await react(board, "👍", "nothing0")).status).toBe(404);
    expect((await api.post(`/api/messages/${elsewhere}/react`, mentor.token, { messageId: foreign, emoji: "👍" })).status).toBe(404);
  });
});

describe("leaving (spec Limits 5)", () => {
  it("a direct conversation cannot be left (409)", async () => {
    const id = await start(admin, [mentor]);
    const res = await api.delete(`/api/messages/${id}`, mentor.token);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
  });

  it("a group of 3+ can be left: the others see 'X left', the leaver reads up to then, read-only, and nothing newer", async () => {
    const id = await start(admin, [board, mentor], "Before leaving");
    const left = await api.delete(`/api/messages/${id}`, mentor.token);
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ ok: true });

    const seen = await api.get(`/api/messages/${id}`, admin.token);
    expect(seen.body.participants).toEqual([admin.id, board.id]);
    const notice = seen.body.messages.at(-1);
    expect(notice).toMatchObject({ kind: "left", sender_id: mentor.id, body: "Max Mentor" });
    expect(seen.body.people.map((p: { id: string }) => p.id)).toContain(mentor.id);

    await say(board, id, "After the mentor left");
    const leaver = await api.get(`/api/messages/${id}`, mentor.token);
    expect(leaver.status).toBe(200);
    expect(leaver.body.left).toBe(1);
    expect(leaver.body.messages.map((m: { body: string }) => m.body)).toEqual(["Before leaving", "Max Mentor"]);
    const listed = (await api.get("/api/messages", mentor.token)).body.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({ left: 1, unread: 0, last_message: { body: "Before leaving" } });
    expect((await api.get("/api/messages/unread", mentor.token)).body.conversations).not.toHaveProperty(id);

    // Read-only: no writing, reacting or leaving again (403); nor a channel subscription.
    expect((await say(mentor, id, "Can I still write?")).status).toBe(403);
    expect((await api.post(`/api/messages/${id}/react`, mentor.token, { messageId: notice.id, emoji: "👍" })).status).toBe(403);
    expect((await api.delete(`/api/messages/${id}`, mentor.token)).status).toBe(403);
    const auth = await api.post("/api/realtime/auth", mentor.token, { socket_id: "123.456", channel_name: `private-conversation-${id}` });
    expect(auth.status).toBe(403);

    // Two are left: neither may leave now.
    const res = await api.delete(`/api/messages/${id}`, board.token);
    expect(res.status).toBe(409);
    // A notice cannot be reacted to.
    expect((await api.post(`/api/messages/${id}/react`, admin.token, { messageId: notice.id, emoji: "👍" })).status).toBe(404);
  });
});

describe("paging: GET /api/messages/:id?before=&limit=", () => {
  let id: string;
  const TOTAL = 130;

  beforeAll(async () => {
    id = await start(admin, [board, mentor], "m1");
    // Written straight to the table: 129 posts through the API would only make the test slower.
    const conversation = await db().conversation.update({ where: { id, districtId: d.id }, data: { seq: TOTAL }, select: { seq: true } });
    await db().message.createMany({
      data: Array.from({ length: TOTAL - 1 }, (_, i) => ({
        districtId: d.id,
        conversationId: id,
        senderId: i % 2 ? admin.id : board.id,
        body: `m${i + 2}`,
        language: "en",
        seq: i + 2,
        createdAt: new Date(Date.now() + i),
      })),
    });
    expect(conversation.seq).toBe(TOTAL);
  });

  const bodies = (res: { body: { messages: { body: string }[] } }) => res.body.messages.map((m) => m.body);

  it("the newest 50 by default, oldest first, with has_more; `before` pages back to the first message", async () => {
    const first = await api.get(`/api/messages/${id}`, admin.token);
    expect(bodies(first)).toEqual(Array.from({ length: 50 }, (_, i) => `m${TOTAL - 49 + i}`));
    expect(first.body.has_more).toBe(1);
    const second = await api.get(`/api/messages/${id}?before=${first.body.messages[0].id}`, admin.token);
    expect(bodies(second)).toEqual(Array.from({ length: 50 }, (_, i) => `m${TOTAL - 99 + i}`));
    const third = await api.get(`/api/messages/${id}?before=${second.body.messages[0].id}&limit=50`, admin.token);
    expect(bodies(third)).toEqual(Array.from({ length: TOTAL - 100 }, (_, i) => `m${i + 1}`));
    expect(third.body.has_more).toBe(0);
  });

  it(`limit is 1 to ${MAX_PAGE}; an unknown or foreign \`before\` is 404`, async () => {
    const all = await api.get(`/api/messages/${id}?limit=${MAX_PAGE}`, admin.token);
    expect(all.body.messages).toHaveLength(TOTAL);
    expect(all.body.has_more).toBe(0);
    expect((await api.get(`/api/messages/${id}?limit=1`, admin.token)).body.messages).toHaveLength(1);
    for (const limit of ["0", String(MAX_PAGE + 1), "-1", "abc", "1.5"]) {
      const res = await api.get(`/api/messages/${id}?limit=${limit}`, admin.token);
      expect(res.status, limit).toBe(400);
      expect(res.body.error.details[0].path).toBe("query.limit");
    }
    expect((await api.get(`/api/messages/${id}?before=nothing0`, admin.token)).status).toBe(404);
    const elsewhere = await start(admin, [board, candidate], "Elsewhere");
    const foreign = (await api.get(`/api/messages/${elsewhere}`, admin.token)).body.messages[0].id;
    expect((await api.get(`/api/messages/${id}?before=${foreign}`, admin.token)).status).toBe(404);
  });
});

describe("deleting a person", () => {
  it("removes them from conversations and keeps their messages, under their id, without a name", async () => {
    const leaving = await d.addPerson("board", { first: "Gone", last: "Soon" });
    const id = await start(leaving, [admin, board], "Goodbye message");
    await say(admin, id, "Reply to the leaver");
    expect((await api.delete(`/api/people/${leaving.id}`, admin.token)).status).toBe(200);
    const read = await api.get(`/api/messages/${id}`, admin.token);
    expect(read.body.participants).toEqual([admin.id, board.id]);
    expect(read.body.messages[0]).toMatchObject({ sender_id: leaving.id, body: "Goodbye message" });
    expect(read.body.people.map((p: { id: string }) => p.id)).not.toContain(leaving.id);
    expect(read.body.read).not.toHaveProperty(leaving.id);
    const listed = (await api.get("/api/messages", board.token)).body.find((c: { id: string }) => c.id === id);
    expect(listed.participants).toEqual([admin.id, board.id]);

    // A direct conversation whose other person is gone: readable, but nobody to write to (409).
    const lonely = await d.addPerson("board");
    const direct = await start(admin, [lonely], "Hello");
    expect((await api.delete(`/api/people/${lonely.id}`, admin.token)).status).toBe(200);
    expect((await api.get(`/api/messages/${direct}`, admin.token)).status).toBe(200);
    expect((await say(admin, direct, "Anyone?")).status).toBe(409);
  });
});

describe("tenant isolation", () => {
  it("another district's conversations, messages and people are 404 everywhere, and never listed", async () => {
    const id = await start(admin, [board], "Our district only");
    const messageId = (await api.get(`/api/messages/${id}`, admin.token)).body.messages[0].id;
    const them = other.admin.token;
    expect((await api.get(`/api/messages/${id}`, them)).status).toBe(404);
    expect((await say(other.admin, id, "Hi")).status).toBe(404);
    expect((await api.post(`/api/messages/${id}/react`, them, { messageId, emoji: "👍" })).status).toBe(404);
    expect((await api.delete(`/api/messages/${id}`, them)).status).toBe(404);
    expect((await api.post("/api/messages", them, { participants: [board.id], body: "Hi" })).status).toBe(404);
    expect((await api.get("/api/messages", them)).body).toEqual([]);
    expect((await api.get("/api/messages/contacts", them)).body.map((c: { id: string }) => c.id)).not.toContain(board.id);
    const auth = await api.post("/api/realtime/auth", them, { socket_id: "123.456", channel_name: `private-conversation-${id}` });
    expect(auth.status).toBe(403);
  });
});
