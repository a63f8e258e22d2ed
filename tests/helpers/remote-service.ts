import PusherClient, { type Options } from "pusher-js";

/**
 * The service reached as an outside client does, over the network: the scale-out suite's
 * separate processes and deploy/check-compose.ts's containers (unlike ./api.ts, which calls the
 * route modules in this process).
 */

export type Answer = { status: number; headers: Headers; body: any };

/** One request to `origin`, with a bearer token, a JSON or multipart body; the answer parsed when it is JSON. */
export async function callService(
  origin: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed };
}

/**
 * A pusher-js client (not yet signed in) whose sign-in and private subscriptions are signed by
 * `origin`'s POST /api/realtime/auth for the holder of `token`, as the browser's are.
 */
export function realtimeClientSignedBy(origin: string, token: string, options: Options & { key: string }): PusherClient {
  const authorize = async (body: Record<string, string>) => {
    const res = await callService(origin, "POST", "/api/realtime/auth", token, body);
    if (res.status !== 200) throw new Error(`realtime auth ${res.status}`);
    return res.body;
  };
  return new PusherClient(options.key, {
    ...options,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        authorize({ socket_id: socketId, channel_name: channelName }).then(
          (auth) => callback(null, auth),
          (error) => callback(error, null),
        );
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        authorize({ socket_id: socketId }).then(
          (auth) => callback(null, auth),
          (error) => callback(error, null),
        );
      },
    },
  });
}
