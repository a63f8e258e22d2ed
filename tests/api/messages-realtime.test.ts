import type PusherClient from "pusher-js";
import type { Channel } from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS, TYPING_EVENT } from "@/lib/messages/realtime-events.shared";
import { createSequenceTracker } from "@/lib/messages/sequence-tracker.shared";
import { publish } from "@/lib/realtime/publish";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { nextEvent, startTestRealtime, subscribe, untilConnected, withTimeout, type ChannelAuthorizer, type TestRealtime } from "../helpers/realtime";

/**
 * Conversations live, end to end: the app publishes with the official `pusher` SDK to the
 * embedded Pusher-protocol server, real `pusher-js` clients (authorized through
 * POST /api/realtime/auth) receive. Every event of a conversation reaches each reader's person
 * channel with the next `seq`; payloads over 10 KB shrink to an id; typing travels as client
 * events; and a client that loses its connection recovers everything by refetching.
 */

type Person = { id: string; token: string };
type Received = { event: string; data: any };

let realtime: TestRealtime;
let d: TestDistrict;
let alice: Person;
let bob: Person;
let carol: Person;
let dave: Person;

const viaRoute =
  (token: string): ChannelAuthorizer =>
  async (socketId, channelName) => {
    const res = await api.post("/api/realtime/auth", token, { socket_id: socketId, channel_name: channelName });
    if (res.status !== 200) throw new Error(`auth answered ${res.status}`);
    return res.body;
  };

/** A person's pusher-js client, subscribed to their person channel, recording every event on it. */
async function connect(person: Person) {
  const client = await realtime.connectClient(viaRoute(person.token));
  const channel = await subscribe(client, `private-person-${person.id}`);
  const received: Received[] = [];
  channel.bind_global((event: string, data: unknown) => {
    if (!event.startsWith("pusher:")) received.push({ event, data });
  });
  return { client, channel, received };
}

/** Resolves with the first recorded event matching, waiting for it if needed. */
async function waitFor(received: Received[], match: (r: Received) => boolean, what: string, ms = 5000): Promise<Received> {
  return withTimeout(
    (async () => {
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
    })(),
    ms,
    what,
  );
}

const of = (conversationId: string) => (r: Received) => r.data?.conversation_id === conversationId;

beforeAll(async () => {
  realtime = await startTestRealtime();
  d = await makeDistrict("Realtime messages");
  alice = d.admin;
  bob = await d.addPerson("board", { first: "Bob", last: "Board" });
  carol = await d.addPerson("board", { first: "Carol", last: "Board" });
  dave = await d.addPerson("board", { first: "Dave", last: "Board" });
});

afterAll(async () => {
  await realtime.close();
});

describe("every event reaches every reader, numbered one by one", () => {
  it("conversation-created, message-created, reaction, read (+ unread to the reader), participant-left", async () => {
    const [a, b, c] = await Promise.all([connect(alice), connect(bob), connect(carol)]);
    const created = await api.post("/api/messages", alice.token, { participants: [bob.id, carol.id], body: "Team, a new cohort starts Monday" });
    const id: string = created.body.id;

    for (const reader of [a, b, c]) {
      const event = await waitFor(reader.received, (r) => r.event === EVENTS.conversationCreated && of(id)(r), "conversation-created");
      expect(event.data).toMatchObject({
        conversation_id: id,
        seq: 1,
        conversation: { id, district_id: d.id, kind: "group", participants: [alice.id, bob.id, carol.id], created_at: created.body.created_at },
        message: { sender_id: alice.id, body: "Team, a new cohort starts Monday", seq: 1, kind: "message", reactions: {} },
      });
      expect(event.data.conversation.people.map((p: { id: string }) => p.id).sort()).toEqual([alice.id, bob.id, carol.id].sort());
    }

    const posted = await api.post(`/api/messages/${id}`, bob.token, { body: "Great, I will prepare the room" });
    for (const reader of [a, b, c]) {
      const event = await waitFor(reader.received, (r) => r.event === EVENTS.messageCreated && of(id)(r), "message-created");
      expect(event.data).toEqual({ conversation_id: id, seq: 2, message: posted.body });
    }

    await api.post(`/api/messages/${id}/react`, carol.token, { messageId: posted.body.id, emoji: "👍" });
    for (const reader of [a, b, c]) {
      const event = await waitFor(reader.received, (r) => r.event === EVENTS.reaction && of(id)(r), "reaction");
      expect(event.data).toEqual({ conversation_id: id, seq: 3, message_id: posted.body.id, reactions: { "👍": [carol.id] } });
    }

    await api.get(`/api/messages/${id}`, alice.token);
    for (const reader of [a, b, c]) {
      const event = await waitFor(reader.received, (r) => r.event === EVENTS.read && of(id)(r), "read");
      expect(event.data).toEqual({ conversation_id: id, seq: 4, person_id: alice.id, last_read_seq: 2 });
    }
    const unread = await waitFor(a.received, (r) => r.event === EVENTS.unread && of(id)(r), "unread");
    expect(unread.data).toEqual({ conversation_id: id, seq: 4, unread: 0, total: 0 });
    expect(b.received.some((r) => r.event === EVENTS.unread && of(id)(r))).toBe(false);

    await api.delete(`/api/messages/${id}`, carol.token);
    for (const reader of [a, b, c]) {
      const event = await waitFor(reader.received, (r) => r.event === EVENTS.participantLeft && of(id)(r), "participant-left");
      expect(event.data).toMatchObject({
        conversation_id: id,
        seq: 5,
        person_id: carol.id,
        participants: [alice.id, bob.id],
        message: { kind: "left", body: "Carol Board" },
      });
    }

    // Each reader saw the conversation's events in order, without a gap.
    for (const reader of [a, b, c]) {
      const seqs = reader.received.filter((r) => of(id)(r) && r.event !== EVENTS.unread).map((r) => r.data.seq);
      expect(seqs).toEqual([1, 2, 3, 4, 5]);
    }
    // Carol left: later events no longer reach her.
    await api.post(`/api/messages/${id}`, alice.token, { body: "Thanks Carol" });
    await waitFor(b.received, (r) => r.event === EVENTS.messageCreated && r.data.seq === 6, "the message after carol left");
    expect(c.received.some((r) => of(id)(r) && r.data.seq === 6)).toBe(false);
  });
});

describe("Pusher's 10 KB limit", () => {
  it("a payload that would pass 10 KB carries the message id alone; the reader fetches it", async () => {
    const b = await connect(bob);
    const id = (await api.post("/api/messages", alice.token, { participants: [bob.id, dave.id], body: "Long one coming" })).body.id;
    const long = "€".repeat(4000); // 4,000 characters, 12,000 bytes
    const posted = await api.post(`/api/messages/${id}`, alice.token, { body: long });
    expect(posted.status).toBe(201);
    const event = await waitFor(b.received, (r) => r.event === EVENTS.messageCreated && of(id)(r), "the reduced event");
    expect(event.data).toEqual({ conversation_id: id, seq: 2, reduced: true, message_id: posted.body.id });
    const read = await api.get(`/api/messages/${id}`, bob.token);
    expect(read.body.messages.at(-1)).toMatchObject({ id: posted.body.id, body: long });

    // Below the limit the message travels whole.
    const fits = "x".repeat(3000);
    const small = await api.post(`/api/messages/${id}`, alice.token, { body: fits });
    const whole = await waitFor(b.received, (r) => r.event === EVENTS.messageCreated && r.data.message?.id === small.body.id, "the whole message");
    expect(whole.data.message.body).toBe(fits);
  });

  it("the server refuses more than 10 KB of event data (the SDK publish fails, and the app never sends it)", async () => {
    expect(await publish(`private-person-${bob.id}`, "big", "x".repeat(10 * 1024 + 1))).toBe(false);
  });
});

describe("client events: typing", () => {
  it("travel between participants on the conversation channel, never back to the sender; outsiders cannot subscribe", async () => {
    const id = (await api.post("/api/messages", alice.token, { participants: [bob.id, carol.id], body: "Typing test" })).body.id;
    const channelName = `private-conversation-${id}`;
    const aClient = await realtime.connectClient(viaRoute(alice.token));
    const bClient = await realtime.connectClient(viaRoute(bob.token));
    const aChannel = await subscribe(aClient, channelName);
    const bChannel = await subscribe(bClient, channelName);
    const echoes: unknown[] = [];
    aChannel.bind(TYPING_EVENT, (data: unknown) => echoes.push(data));

    const got = nextEvent(bChannel, TYPING_EVENT);
    expect(aChannel.trigger(TYPING_EVENT, { person_id: alice.id, typing: true })).toBe(true);
    expect(await got).toEqual({ person_id: alice.id, typing: true });
    const back = nextEvent(aChannel, TYPING_EVENT);
    bChannel.trigger(TYPING_EVENT, { person_id: bob.id, typing: false });
    expect(await back).toEqual({ person_id: bob.id, typing: false });
    expect(echoes).toEqual([{ person_id: bob.id, typing: false }]);

    const outsider = await realtime.connectClient(viaRoute(dave.token));
    await expect(subscribe(outsider, channelName)).rejects.toThrow(/subscription_error/);
  });
});

describe("recovery: nothing missed is lost", () => {
  /**
   * What the browser does (components/messages/realtime-client.ts): follow `seq` per
   * conversation; on a gap, or when the connection comes back, fetch the conversation again.
   */
  function follow(client: PusherClient, channel: Channel, person: Person, id: string) {
    const tracker = createSequenceTracker();
    /** `started`: fetches started; `done`: the number of the latest one completed. */
    const state = { messages: [] as { id: string; body: string; reactions: Record<string, string[]> }[], started: 0, done: 0, deaf: false };
    const refetch = async () => {
      const n = ++state.started;
      const res = await api.get(`/api/messages/${id}`, person.token);
      if (n > state.done) {
        state.messages = res.body.messages;
        tracker.fetched(id, res.body.seq);
        state.done = n;
      }
    };
    channel.bind_global(
      (event: string, data: { conversation_id?: string; seq: number; message?: { id: string; body: string; reactions: Record<string, string[]> } }) => {
        // `unread` repeats the seq of its `read`: it is a count, not a step of the conversation.
        if (state.deaf || data?.conversation_id !== id || event === EVENTS.unread) return;
        const verdict = tracker.event(id, data.seq);
        if (event === EVENTS.messageCreated && data.message && verdict !== "stale" && !state.messages.some((m) => m.id === data.message!.id)) {
          state.messages.push(data.message);
        }
        if (verdict === "gap" || verdict === "unknown") void refetch();
      },
    );
    let wasConnected = true;
    client.connection.bind("state_change", ({ current }: { current: string }) => {
      if (current === "connected" && !wasConnected) void refetch();
      wasConnected = current === "connected";
    });
    return { state, refetch, tracker };
  }

  const bodies = (state: { messages: { body: string }[] }) => state.messages.map((m) => m.body);

  it("the socket is killed, messages are posted meanwhile, the client reconnects: they are all there", async () => {
    const id = (await api.post("/api/messages", alice.token, { participants: [bob.id, carol.id], body: "Before the drop" })).body.id;
    const b = await connect(bob);
    const follower = follow(b.client, b.channel, bob, id);
    await follower.refetch();
    expect(bodies(follower.state)).toEqual(["Before the drop"]);

    // The client's socket goes away (as on a network drop); two messages are posted meanwhile.
    const socketId = b.client.connection.socket_id;
    b.client.disconnect();
    await withTimeout(
      (async () => {
        while (realtime.isOpen(socketId)) await new Promise((r) => setTimeout(r, 10));
      })(),
      5000,
      "the server to see the socket closed",
    );
    // A refetch an earlier event started may still be on its way; on a busy machine it answered
    // after the posts below and brought them in, as if delivered while away.
    await withTimeout(
      (async () => {
        while (follower.state.done < follower.state.started) await new Promise((r) => setTimeout(r, 10));
      })(),
      5000,
      "the follower's refetches to settle",
    );
    await api.post(`/api/messages/${id}`, alice.token, { body: "Sent while you were away" });
    await api.post(`/api/messages/${id}`, carol.token, { body: "Me too" });
    expect(bodies(follower.state)).toEqual(["Before the drop"]);

    const resubscribed = new Promise<void>((resolve) => b.channel.bind("pusher:subscription_succeeded", resolve));
    b.client.connect();
    await untilConnected(b.client);
    await resubscribed;
    await withTimeout(
      (async () => {
        while (bodies(follower.state).length < 3) await new Promise((r) => setTimeout(r, 20));
      })(),
      5000,
      "the refetch after reconnecting",
    );
    expect(bodies(follower.state)).toEqual(["Before the drop", "Sent while you were away", "Me too"]);

    // And live again afterwards.
    await api.post(`/api/messages/${id}`, alice.token, { body: "Welcome back" });
    await waitFor(b.received, (r) => r.data?.message?.body === "Welcome back", "the next live message");
    expect(bodies(follower.state)).toEqual(["Before the drop", "Sent while you were away", "Me too", "Welcome back"]);
  });

  it("the server drops every connection (4200) while a message is posted: the gap in seq is noticed and refetched", async () => {
    const id = (await api.post("/api/messages", alice.token, { participants: [bob.id, carol.id], body: "One" })).body.id;
    const b = await connect(bob);
    const follower = follow(b.client, b.channel, bob, id);
    await follower.refetch();
    const resubscribed = new Promise<void>((resolve) => b.channel.bind("pusher:subscription_succeeded", resolve));
    realtime.reconnectAll();
    await api.post(`/api/messages/${id}`, alice.token, { body: "Two, during the reconnect" });
    await resubscribed;
    await api.post(`/api/messages/${id}`, alice.token, { body: "Three" });
    await withTimeout(
      (async () => {
        while (bodies(follower.state).length < 3) await new Promise((r) => setTimeout(r, 20));
      })(),
      5000,
      "recovery",
    );
    expect(bodies(follower.state)).toEqual(["One", "Two, during the reconnect", "Three"]);
    expect(follower.state.started).toBeGreaterThan(1);
  });

  it("a lost event shows up as a gap at the next one, and is recovered by the refetch", async () => {
    const id = (await api.post("/api/messages", alice.token, { participants: [bob.id, carol.id], body: "First" })).body.id;
    const b = await connect(bob);
    const follower = follow(b.client, b.channel, bob, id);
    await follower.refetch();
    // The client misses the reaction's event (as when a publish fails on the way).
    follower.state.deaf = true;
    await api.post(`/api/messages/${id}/react`, carol.token, { messageId: follower.state.messages[0].id, emoji: "👍" });
    await waitFor(b.received, (r) => r.event === EVENTS.reaction && of(id)(r), "the reaction event (ignored)");
    follower.state.deaf = false;
    const before = follower.state.started;
    await api.post(`/api/messages/${id}`, alice.token, { body: "Second" });
    // The gap makes the client fetch again: wait for that fetch.
    await withTimeout(
      (async () => {
        while (follower.state.done <= before) await new Promise((r) => setTimeout(r, 20));
      })(),
      10_000,
      "the refetch after the gap",
    );
    expect(bodies(follower.state)).toEqual(["First", "Second"]);
    expect(follower.state.messages[0].reactions).toEqual({ "👍": [carol.id] });
  });
});
