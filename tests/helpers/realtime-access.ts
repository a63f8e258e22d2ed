import type PusherClient from "pusher-js";
import { expect } from "vitest";
import { api } from "./api";
import { subscribe, withTimeout, type TestRealtime } from "./realtime";

/**
 * A signed-in person's pusher-js client as the browser makes it (pusher:signin and every
 * subscription through POST /api/realtime/auth with their session), and the checks that their
 * realtime access has ended: the socket closed with 4009, nothing later reaches it, a new
 * subscription is refused, and their client events are refused.
 */
export type Person = { id: string; token: string };
export type Received = { event: string; channel: string; data: any };

async function viaRoute(token: string, body: Record<string, string>) {
  const res = await api.post("/api/realtime/auth", token, body);
  if (res.status !== 200) throw Object.assign(new Error(`auth answered ${res.status}`), { status: res.status });
  return res.body;
}

/** `person`'s client, signed in and subscribed to `channels`; `received` gathers every app event, `closes` the server's close codes. */
export async function connectAs(realtime: TestRealtime, person: Person, channels: string[]) {
  const client = await realtime.connectClient(
    (socketId, channelName) => viaRoute(person.token, { socket_id: socketId, channel_name: channelName }),
    (socketId) => viaRoute(person.token, { socket_id: socketId }),
  );
  const received: Received[] = [];
  const closes: number[] = [];
  const errors: number[] = [];
  client.connection.bind("error", (error: { data?: { code?: number } }) => {
    const code = error?.data?.code;
    if (code) (code === 4009 ? closes : errors).push(code);
  });
  for (const name of channels) {
    const channel = await subscribe(client, name);
    channel.bind_global((event: string, data: unknown) => {
      if (!event.startsWith("pusher")) received.push({ event, channel: name, data });
    });
  }
  return { person, client, received, closes, errors };
}

export type Connected = Awaited<ReturnType<typeof connectAs>>;

/** Waits (at most one second: the promise) until `condition` holds. */
function withinASecond(condition: () => boolean, what: string) {
  return withTimeout(
    (async () => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    1000,
    what,
  );
}

/** Waits until `condition` holds, with room for a busy machine. */
export function eventually(condition: () => boolean, what: string) {
  return withTimeout(
    (async () => {
      while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
    })(),
    5000,
    what,
  );
}

/**
 * After a change that ended `lost`'s access: their socket closed (4009) within a second; once
 * `publishAfter` has published something that `witness` receives, `lost` has received nothing
 * since the change; reconnected (as the browser does after 4009), `channel` is refused to them,
 * and a client event they send on it is refused (4301) and reaches nobody.
 */
export async function assertAccessEnded(lost: Connected, witness: Connected, channel: string, publishAfter: () => Promise<(r: Received) => boolean>) {
  const before = lost.received.length;
  await withinASecond(() => lost.closes.includes(4009) && lost.client.connection.state !== "connected", `${lost.person.id}'s socket to close`);
  const isIt = await publishAfter();
  await eventually(() => witness.received.some(isIt), "the later event at the witness");
  expect(lost.received.slice(before).filter(isIt)).toEqual([]);

  await reconnect(lost.client);
  lost.client.unsubscribe(channel);
  await expect(subscribe(lost.client, channel)).rejects.toThrow(/subscription_error/);

  const clientEvents: unknown[] = [];
  witness.client.channel(channel)?.bind("client-typing", (data: unknown) => clientEvents.push(data));
  lost.client.send_event("client-typing", { person_id: lost.person.id }, channel);
  await eventually(() => lost.errors.includes(4301), "the server to refuse the client event");
  expect(clientEvents).toEqual([]);
}

/** Connects again, as the browser client does a second after a 4009. */
async function reconnect(client: PusherClient) {
  client.connect();
  await withTimeout(
    new Promise<void>((resolve) => (client.connection.state === "connected" ? resolve() : client.connection.bind("connected", () => resolve()))),
    5000,
    "the reconnection",
  );
}
