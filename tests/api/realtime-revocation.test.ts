import type PusherClient from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/next-auth-options";
import { authenticateUser, authorizeChannel } from "@/lib/realtime/publish";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startTestRealtime, subscribe, withTimeout, type TestRealtime } from "../helpers/realtime";

/**
 * Lost access ends on open sockets: real pusher-js clients, signed in (pusher:signin) and
 * subscribed through POST /api/realtime/auth, against the embedded server with sign-in required
 * (as `npm start` runs it). Archiving, deleting, signing out and leaving a conversation close the
 * person's sockets once the API call has answered; nothing published afterwards reaches them, their
 * client events are refused, and subscribing again is authorised afresh from the database.
 */
type Person = { id: string; token: string };
type Received = { event: string; data: any };

let realtime: TestRealtime;
let d: TestDistrict;

async function viaRoute(token: string, body: Record<string, string>) {
  const res = await api.post("/api/realtime/auth", token, body);
  if (res.status !== 200) throw Object.assign(new Error(`auth answered ${res.status}`), { status: res.status });
  return res.body;
}

/** A person's client as the browser makes it: signed in, on their person channel and one conversation's. */
async function connect(person: Person, conversationId: string) {
  const client = await realtime.connectClient(
    (socketId, channelName) => viaRoute(person.token, { socket_id: socketId, channel_name: channelName }),
    (socketId) => viaRoute(person.token, { socket_id: socketId }),
  );
  const received: Received[] = [];
  const closes: number[] = [];
  client.connection.bind("error", (error: { data?: { code?: number } }) => error?.data?.code && closes.push(error.data.code));
  for (const name of [`private-person-${person.id}`, `private-conversation-${conversationId}`]) {
    const channel = await subscribe(client, name);
    channel.bind_global((event: string, data: unknown) => {
      if (!event.startsWith("pusher")) received.push({ event, data });
    });
  }
  return { client, received, closes };
}

function until(condition: () => boolean, what: string) {
  return withTimeout(
    (async () => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    1000, // the promise: within one second
    what,
  );
}

async function conversation(people: Person[], body = "Hello") {
  const res = await api.post("/api/messages", d.admin.token, { participants: people.map((p) => p.id), body });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** A message from the admin, and proof it reached a reader who still has access. */
async function postAndSee(conversationId: string, witness: Received[], body: string) {
  expect((await api.post(`/api/messages/${conversationId}`, d.admin.token, { body })).status).toBe(201);
  await withTimeout(
    (async () => {
      while (!witness.some((r) => r.data?.message?.body === body)) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    5000,
    `"${body}" at the witness`,
  );
}

const sawBody = (received: Received[], body: string) => received.some((r) => r.data?.message?.body === body || r.data?.body === body);

async function resubscribeRefused(client: PusherClient, channel: string) {
  client.connect();
  await withTimeout(
    new Promise<void>((resolve) => (client.connection.state === "connected" ? resolve() : client.connection.bind("connected", () => resolve()))),
    5000,
    "the reconnection",
  );
  client.unsubscribe(channel);
  await expect(subscribe(client, channel)).rejects.toThrow(/subscription_error/);
}

beforeAll(async () => {
  realtime = await startTestRealtime({ requireSignin: true });
  d = await makeDistrict("Realtime revocation");
});

afterAll(() => realtime.close());

describe("lost access ends at once, on every socket", () => {
  it("archiving: the socket closes (4009), no later message reaches it, and it cannot subscribe again", async () => {
    const [bob, carol] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([bob, carol]);
    const [b, c] = [await connect(bob, id), await connect(carol, id)];

    expect((await api.patch(`/api/people/${bob.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    await until(() => b.closes.includes(4009) && b.client.connection.state !== "connected", "bob's socket to close");
    await postAndSee(id, c.received, "After bob was archived");
    expect(sawBody(b.received, "After bob was archived")).toBe(false);
    await resubscribeRefused(b.client, `private-conversation-${id}`);
  });

  it("archived people are never readers: a conversation's events and unread counts skip them", async () => {
    const [eve, frank] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([eve, frank]);
    expect((await api.patch(`/api/people/${eve.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    const seen = await api.post(`/api/messages/${id}`, d.admin.token, { body: "Only for the active" });
    expect(seen.status).toBe(201);
    // Subscribing with a signature minted by the app secret would still see nothing: nothing is published to her.
    const spy = await realtime.connectClient(
      (socketId, channelName) => authorizeChannel(socketId, channelName, "spy"),
      (socketId) => authenticateUser(socketId, "spy") as { auth: string; user_data: string },
    );
    const channel = await subscribe(spy, `private-person-${eve.id}`);
    const events: string[] = [];
    channel.bind_global((event: string) => events.push(event));
    expect((await api.post(`/api/messages/${id}`, d.admin.token, { body: "Still only for the active" })).status).toBe(201);
    const f = await connect(frank, id);
    await postAndSee(id, f.received, "Frank sees this");
    expect(events.filter((e) => !e.startsWith("pusher")), JSON.stringify(events)).toEqual([]);
  });

  it("leaving: the leaver's sockets close, the conversation's channel is refused to them, and their client events go nowhere", async () => {
    const [gus, hal, ivy] = [await d.addPerson("board"), await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([gus, hal, ivy]);
    const [g, h] = [await connect(gus, id), await connect(hal, id)];

    expect((await api.delete(`/api/messages/${id}`, gus.token)).status).toBe(200);
    await until(() => g.closes.includes(4009), "gus's socket to close");
    await postAndSee(id, h.received, "After gus left");
    expect(sawBody(g.received, "After gus left")).toBe(false);

    // Back online (as the browser client does after 4009): the person channel works, the conversation does not.
    await resubscribeRefused(g.client, `private-conversation-${id}`);
    const typing: unknown[] = [];
    h.client.channel(`private-conversation-${id}`).bind("client-typing", (data: unknown) => typing.push(data));
    const errors: number[] = [];
    g.client.connection.bind("error", (error: { data?: { code?: number } }) => error?.data?.code && errors.push(error.data.code));
    g.client.send_event("client-typing", { person_id: gus.id }, `private-conversation-${id}`);
    await until(() => errors.includes(4301), "the server to refuse gus's client event");
    expect(typing).toEqual([]);
  });

  it("signing out: the socket closes and every later subscription is refused (401 at the auth route)", async () => {
    const [jo, kim] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([jo, kim]);
    const [j, k] = [await connect(jo, id), await connect(kim, id)];

    expect((await api.delete("/api/me", jo.token)).status).toBe(200);
    await until(() => j.closes.includes(4009), "jo's socket to close");
    await postAndSee(id, k.received, "After jo signed out");
    expect(sawBody(j.received, "After jo signed out")).toBe(false);
    await resubscribeRefused(j.client, `private-person-${jo.id}`);
  });

  it("signing out through next-auth (its sign-out deletes the session through the adapter) closes the socket", async () => {
    const [ola, pat] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([ola, pat]);
    const [o, p] = [await connect(ola, id), await connect(pat, id)];

    // What next-auth's POST /api/auth/signout runs for a database session (next-auth/core/routes/signout.js).
    await authOptions().adapter!.deleteSession!(ola.token);
    await until(() => o.closes.includes(4009), "ola's socket to close");
    expect((await api.get("/api/me", ola.token)).status).toBe(401);
    await postAndSee(id, p.received, "After ola signed out");
    expect(sawBody(o.received, "After ola signed out")).toBe(false);
    await resubscribeRefused(o.client, `private-person-${ola.id}`);
  });

  it("a socket signed in as one person cannot hold a subscription authorised for another", async () => {
    const [quin, rae] = [await d.addPerson("board"), await d.addPerson("board")];
    // Signed in as Quin, asking Rae's session for Rae's channel: the server refuses it, so
    // terminating Rae can never miss a socket that holds her channels.
    const client = await realtime.connectClient(
      (socketId, channelName) => viaRoute(rae.token, { socket_id: socketId, channel_name: channelName }),
      (socketId) => viaRoute(quin.token, { socket_id: socketId }),
    );
    await expect(subscribe(client, `private-person-${rae.id}`)).rejects.toThrow(/subscription_error/);
  });

  it("deleting a person closes their sockets", async () => {
    const [lu, mo] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([lu, mo]);
    const l = await connect(lu, id);
    expect((await api.delete(`/api/people/${lu.id}`, d.admin.token)).status).toBe(200);
    await until(() => l.closes.includes(4009), "lu's socket to close");
  });

  it("a socket that does not sign in gets no private channel, even with a valid channel signature", async () => {
    const nia = await d.addPerson("board");
    const client = await realtime.connectClient((socketId, channelName) => viaRoute(nia.token, { socket_id: socketId, channel_name: channelName }));
    await expect(subscribe(client, `private-person-${nia.id}`, 15_000)).rejects.toThrow(/subscription_error/);
  }, 20_000);
});
