/**
 * pusher-js clients (the Node build, as in the tests) for `npm run bench:load`: one per
 * signed-in person of each district, signed in and authorised through the app (alternating
 * between its processes) and subscribed to their person channel, where every `message-created`
 * of their conversations arrives. Each arrival is timed against the send of that message.
 */
import PusherClient from "pusher-js";
import type { Copy } from "./copy";
import type { SeededDistrict } from "./seed";

type Waiting = { sentAt: number; expected: number; received: number };

export type RealtimeClients = Awaited<ReturnType<typeof connectRealtimeClients>>;

export async function connectRealtimeClients(copy: Copy, districts: SeededDistrict[]) {
  const waiting = new Map<string, Waiting>();
  const latencies: number[] = [];
  let delivered = 0;
  let expected = 0;
  const clients: PusherClient[] = [];

  let n = 0;
  for (const d of districts) {
    for (const role of ["admin", "board", "mentor", "candidate"] as const) {
      const origin = copy.origins[n++ % copy.origins.length];
      const token = d.tokens[role];
      const authorize = async (body: Record<string, string>) => {
        const res = await fetch(`${origin}/api/realtime/auth`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`realtime auth answered ${res.status}`);
        return res.json();
      };
      const client = new PusherClient(copy.realtime.key, {
        cluster: "load",
        wsHost: "127.0.0.1",
        wsPort: copy.realtime.port,
        wssPort: copy.realtime.port,
        forceTLS: false,
        enabledTransports: ["ws"],
        channelAuthorization: {
          customHandler: ({ socketId, channelName }, callback) =>
            void authorize({ socket_id: socketId, channel_name: channelName }).then(
              (a) => callback(null, a),
              (e) => callback(e, null),
            ),
        },
        userAuthentication: {
          customHandler: ({ socketId }, callback) =>
            void authorize({ socket_id: socketId }).then(
              (a) => callback(null, a),
              (e) => callback(e, null),
            ),
        },
      });
      if (copy.realtime.signin) client.signin();
      const channel = client.subscribe(`private-person-${d.personIds[role]}`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${role} of ${d.name}: no subscription within 15 s`)), 15_000);
        channel.bind("pusher:subscription_succeeded", () => (clearTimeout(timer), resolve()));
        channel.bind("pusher:subscription_error", (e: unknown) => (clearTimeout(timer), reject(new Error(`subscription refused: ${JSON.stringify(e)}`))));
      });
      channel.bind("message-created", (data: { message?: { body?: string } }) => {
        const w = data.message?.body ? waiting.get(data.message.body) : undefined;
        if (!w) return;
        latencies.push(performance.now() - w.sentAt);
        delivered++;
        if (++w.received >= w.expected) waiting.delete(data.message!.body!);
      });
      clients.push(client);
    }
  }

  return {
    /** A message is being sent now; `participants` sockets should receive it. */
    expect(text: string, participants: number) {
      waiting.set(text, { sentAt: performance.now(), expected: participants, received: 0 });
      expected += participants;
    },
    /** The send failed: nobody will receive it. */
    forget(text: string) {
      const w = waiting.get(text);
      if (w) expected -= w.expected - w.received;
      waiting.delete(text);
    },
    /** Deliveries since the last call (latencies from the send, in ms), and how many were expected. */
    take() {
      const taken = { latencies: latencies.splice(0), delivered, expected };
      delivered = 0;
      expected = 0;
      return taken;
    },
    close() {
      for (const c of clients) c.disconnect();
    },
  };
}
