import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/next-auth-options";
import { db } from "@/lib/db/client";
import { authenticateUser, authorizeChannel } from "@/lib/realtime/publish";
import { api } from "../helpers/api";
import { startTestRealtime, subscribe, withTimeout, type TestRealtime } from "../helpers/realtime";
import { assertAccessEnded, connectAs, eventually, type Person, type Received } from "../helpers/realtime-access";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * Lost access ends on open sockets: real pusher-js clients, signed in (pusher:signin) and
 * subscribed through POST /api/realtime/auth, against the embedded server with sign-in required
 * (as `npm start` runs it). Archiving, deleting, signing out and leaving a conversation close the
 * person's sockets once the API call has answered; nothing published afterwards reaches them, their
 * client events are refused, and subscribing again is authorised afresh from the database.
 */
let realtime: TestRealtime;
let d: TestDistrict;

/** A person's client as the browser makes it: signed in, on their person channel and one conversation's. */
const connect = (person: Person, conversationId: string) =>
  connectAs(realtime, person, [`private-person-${person.id}`, `private-conversation-${conversationId}`]);

async function conversation(people: Person[], body = "Hello") {
  const res = await api.post("/api/messages", d.admin.token, { participants: people.map((p) => p.id), body });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** A message from the admin, published after the access ended; the check that finds it among what a client received. */
function laterMessage(conversationId: string, body: string) {
  return async () => {
    expect((await api.post(`/api/messages/${conversationId}`, d.admin.token, { body })).status).toBe(201);
    return (r: Received) => r.data?.message?.body === body || r.data?.body === body;
  };
}

beforeAll(async () => {
  realtime = await startTestRealtime({ requireSignin: true });
  d = await makeDistrict("Realtime revocation");
});

afterAll(() => realtime.close());

describe("lost access ends at once, on every socket", () => {
  it("archiving: the socket closes (4009), no later message reaches it, it cannot subscribe again, its client events are refused", async () => {
    const [bob, carol] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([bob, carol]);
    const [b, c] = [await connect(bob, id), await connect(carol, id)];

    expect((await api.patch(`/api/people/${bob.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    await assertAccessEnded(b, c, `private-conversation-${id}`, laterMessage(id, "After bob was archived"));
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
    const frankSees = await laterMessage(id, "Frank sees this")();
    await eventually(() => f.received.some(frankSees), "Frank's message");
    expect(
      events.filter((e) => !e.startsWith("pusher")),
      JSON.stringify(events),
    ).toEqual([]);
  });

  it("leaving: the leaver's sockets close, the conversation's channel is refused to them, and their client events go nowhere", async () => {
    const [gus, hal, ivy] = [await d.addPerson("board"), await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([gus, hal, ivy]);
    const [g, h] = [await connect(gus, id), await connect(hal, id)];

    expect((await api.delete(`/api/messages/${id}`, gus.token)).status).toBe(200);
    await assertAccessEnded(g, h, `private-conversation-${id}`, laterMessage(id, "After gus left"));
    // The person channel is still theirs: only the conversation was lost.
    g.client.unsubscribe(`private-person-${gus.id}`);
    await subscribe(g.client, `private-person-${gus.id}`);
  });

  it("signing out: the socket closes, nothing later reaches it, every channel is refused (401 at the auth route), client events too", async () => {
    const [jo, kim] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([jo, kim]);
    const [j, k] = [await connect(jo, id), await connect(kim, id)];

    expect((await api.delete("/api/me", jo.token)).status).toBe(200);
    await assertAccessEnded(j, k, `private-conversation-${id}`, laterMessage(id, "After jo signed out"));
    j.client.unsubscribe(`private-person-${jo.id}`);
    await expect(subscribe(j.client, `private-person-${jo.id}`)).rejects.toThrow(/subscription_error/);
  });

  it("signing out through next-auth (its sign-out deletes the session through the adapter) ends the access the same way", async () => {
    const [ola, pat] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([ola, pat]);
    const [o, p] = [await connect(ola, id), await connect(pat, id)];

    // What next-auth's POST /api/auth/signout runs for a database session (next-auth/core/routes/signout.js).
    await authOptions().adapter!.deleteSession!(ola.token);
    expect((await api.get("/api/me", ola.token)).status).toBe(401);
    await assertAccessEnded(o, p, `private-conversation-${id}`, laterMessage(id, "After ola signed out"));
    o.client.unsubscribe(`private-person-${ola.id}`);
    await expect(subscribe(o.client, `private-person-${ola.id}`)).rejects.toThrow(/subscription_error/);
  });

  it("a session that ends: the socket signed in with it closes then, and cannot sign in again", async () => {
    const [uma, val] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([uma, val]);
    // The session ends two seconds from now; the sign-in the auth route signs says so.
    await db().session.update({ where: { sessionToken: uma.token }, data: { expires: new Date(Date.now() + 2000) } });
    const [u, v] = [await connect(uma, id), await connect(val, id)];
    expect(u.closes).toEqual([]);
    await eventually(() => u.closes.includes(4009), "uma's socket to close when her session ends");
    await assertAccessEnded(u, v, `private-conversation-${id}`, laterMessage(id, "After uma's session ended"));
  });

  it("a socket signed in as one person cannot hold a subscription authorised for another", async () => {
    const [quin, rae] = [await d.addPerson("board"), await d.addPerson("board")];
    // Signed in as Quin, asking Rae's session for Rae's channel: the server refuses it, so
    // terminating Rae can never miss a socket that holds her channels.
    const client = await realtime.connectClient(
      async (socketId, channelName) => (await api.post("/api/realtime/auth", rae.token, { socket_id: socketId, channel_name: channelName })).body,
      async (socketId) => (await api.post("/api/realtime/auth", quin.token, { socket_id: socketId })).body,
    );
    await expect(subscribe(client, `private-person-${rae.id}`)).rejects.toThrow(/subscription_error/);
  });

  it("deleting a person: the socket closes, nothing later reaches it, it cannot subscribe again, its client events are refused", async () => {
    const [lu, mo] = [await d.addPerson("board"), await d.addPerson("board")];
    const id = await conversation([lu, mo]);
    const [l, m] = [await connect(lu, id), await connect(mo, id)];
    expect((await api.delete(`/api/people/${lu.id}`, d.admin.token)).status).toBe(200);
    await assertAccessEnded(l, m, `private-conversation-${id}`, laterMessage(id, "After lu was deleted"));
  });

  it("a socket that does not sign in gets no private channel, even with a valid channel signature", async () => {
    const nia = await d.addPerson("board");
    const client = await realtime.connectClient(
      async (socketId, channelName) => (await api.post("/api/realtime/auth", nia.token, { socket_id: socketId, channel_name: channelName })).body,
    );
    await expect(withTimeout(subscribe(client, `private-person-${nia.id}`, 15_000), 16_000, "the refusal")).rejects.toThrow(/subscription_error/);
  }, 20_000);
});
