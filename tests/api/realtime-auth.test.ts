import type PusherClient from "pusher-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidChannelAuth } from "@/lib/realtime/signatures";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startTestRealtime, subscribe, type ChannelAuthorizer, type TestRealtime } from "../helpers/realtime";

/**
 * GET /api/realtime and POST /api/realtime/auth, and real pusher-js clients authorized through
 * that route against the embedded Pusher-protocol server: only your own person channel and the
 * conversations you are in; a forged signature is refused by the server itself.
 */

type Person = { id: string; token: string };

let realtime: TestRealtime;
let d: TestDistrict;
let other: TestDistrict;
let alice: Person;
let bob: Person;
let carol: Person;
let conversation: string;
let foreignConversation: string;

/** pusher-js signs through the app's route, as the browser does (JSON through the customHandler). */
const viaRoute =
  (token: string): ChannelAuthorizer =>
  async (socketId, channelName) => {
    const res = await api.post("/api/realtime/auth", token, { socket_id: socketId, channel_name: channelName });
    if (res.status !== 200) throw Object.assign(new Error(`auth answered ${res.status}`), { status: res.status });
    return res.body;
  };

const auth = (token: string, channel: string, socketId = "123.456") => api.post("/api/realtime/auth", token, { socket_id: socketId, channel_name: channel });

beforeAll(async () => {
  realtime = await startTestRealtime();
  d = await makeDistrict("Realtime auth");
  other = await makeDistrict("Realtime elsewhere");
  alice = d.admin;
  bob = await d.addPerson("board");
  carol = await d.addPerson("board");
  conversation = (await api.post("/api/messages", alice.token, { participants: [bob.id], body: "Hello Bob" })).body.id;
  const otherBoard = await other.addPerson("board");
  foreignConversation = (await api.post("/api/messages", other.admin.token, { participants: [otherBoard.id], body: "Elsewhere" })).body.id;
});

afterAll(async () => {
  await realtime.close();
});

describe("GET /api/realtime", () => {
  it("gives pusher-js the configured server and the caller's person channel", async () => {
    const res = await api.get("/api/realtime", alice.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      key: realtime.key,
      cluster: expect.any(String),
      wsHost: "127.0.0.1",
      wsPort: realtime.port,
      wssPort: realtime.port,
      forceTLS: false,
      enabledTransports: ["ws"],
      authEndpoint: "/api/realtime/auth",
      person_channel: `private-person-${alice.id}`,
    });
  });
});

describe("POST /api/realtime/auth", () => {
  it("signs your own person channel and the conversations you take part in, for that socket only", async () => {
    for (const channel of [`private-person-${alice.id}`, `private-conversation-${conversation}`]) {
      const res = await auth(alice.token, channel, "1234.5678");
      expect(res.status, channel).toBe(200);
      expect(isValidChannelAuth(realtime, "1234.5678", channel, res.body.auth)).toBe(true);
      expect(isValidChannelAuth(realtime, "1234.5679", channel, res.body.auth)).toBe(false);
    }
  });

  it("refuses (403) someone else's person channel, a conversation you are not in, another district's, and any other name", async () => {
    const refused: [Person, string][] = [
      [alice, `private-person-${bob.id}`],
      [carol, `private-conversation-${conversation}`],
      [alice, `private-conversation-${foreignConversation}`],
      [other.admin, `private-conversation-${conversation}`],
      [other.admin, `private-person-${alice.id}`],
      [alice, `private-person-${alice.id}x`],
      [alice, "private-person-"],
      [alice, "private-conversation-"],
      [alice, "private-conversation-../x"],
      [alice, `private-conversation-${conversation},private-person-${bob.id}`],
      [alice, `presence-conversation-${conversation}`],
      [alice, `conversation-${conversation}`],
      [alice, "private-encrypted-x"],
      [alice, ""],
    ];
    for (const [who, channel] of refused) {
      const res = await auth(who.token, channel);
      expect(res.status, channel).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("a malformed socket id or a missing socket id is 400, a form body 415, no session 401", async () => {
    for (const socketId of ["abc", "1.2.3", "", "12", "1.2\n"]) {
      const res = await auth(alice.token, `private-person-${alice.id}`, socketId);
      expect(res.status, socketId).toBe(400);
      expect(res.body.error.details[0].path).toBe("socket_id");
    }
    expect((await api.post("/api/realtime/auth", alice.token, { channel_name: `private-person-${alice.id}` })).status).toBe(400);
    const form = await api.post("/api/realtime/auth", alice.token, undefined, {
      rawBody: `socket_id=1.2&channel_name=private-person-${alice.id}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect((await api.post("/api/realtime/auth", null, { socket_id: "1.2", channel_name: `private-person-${alice.id}` })).status).toBe(401);
  });
});

describe("real pusher-js clients against the embedded server", () => {
  // The route's 403 reaches pusher-js through the handler as an AuthError naming it.
  const REFUSED_BY_ROUTE = { type: "AuthError", error: "auth answered 403" };
  const refusal = (client: PusherClient, channel: string) =>
    subscribe(client, channel).then(
      () => null,
      (error) => error.data,
    );

  it("subscribe to what the route signs, and nothing else", async () => {
    const client = await realtime.connectClient(viaRoute(bob.token));
    expect(await subscribe(client, `private-person-${bob.id}`)).toBeTruthy();
    expect(await subscribe(client, `private-conversation-${conversation}`)).toBeTruthy();
    expect(await refusal(client, `private-person-${alice.id}`)).toMatchObject(REFUSED_BY_ROUTE);
    expect(await refusal(client, `private-conversation-${foreignConversation}`)).toMatchObject(REFUSED_BY_ROUTE);
    const outsider = await realtime.connectClient(viaRoute(carol.token));
    expect(await refusal(outsider, `private-conversation-${conversation}`)).toMatchObject(REFUSED_BY_ROUTE);
  });

  it("a wrong signature is refused by the server: forged, or signed for another socket or channel", async () => {
    const forged = await realtime.connectClient(() => ({ auth: `${realtime.key}:${"0".repeat(64)}` }));
    expect(await refusal(forged, `private-person-${bob.id}`)).toMatchObject({ type: "AuthError", status: 401 });

    // A signature the route gave Alice for her socket, replayed by another socket.
    const owner = await realtime.connectClient(viaRoute(alice.token));
    const stolen = (await auth(alice.token, `private-person-${alice.id}`, owner.connection.socket_id)).body;
    const thief = await realtime.connectClient(() => stolen);
    expect(await refusal(thief, `private-person-${alice.id}`)).toMatchObject({ type: "AuthError", status: 401 });

    // Alice's signature for her own channel, presented for Bob's.
    const swapped = await realtime.connectClient(async (socketId) => (await auth(alice.token, `private-person-${alice.id}`, socketId)).body);
    expect(await refusal(swapped, `private-person-${bob.id}`)).toMatchObject({ type: "AuthError", status: 401 });
  });
});
