import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export type AppCredentials = { appId: string; key: string; secret: string };

/** Pusher refuses HTTP API requests whose auth_timestamp is further than this from its clock. */
const MAX_TIMESTAMP_SKEW_SECONDS = 600;

function hmacHex(secret: string, text: string) {
  return createHmac("sha256", secret).update(text, "utf8").digest("hex");
}

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The `auth` of a `pusher:subscribe` to a private channel: "<key>:<hex HMAC-SHA256 of
 * "<socket_id>:<channel>">", as the SDK's authorizeChannel makes it. Binding the socket id
 * means a signature obtained for one connection or channel is worthless for any other.
 */
export function isValidChannelAuth(app: AppCredentials, socketId: string, channel: string, auth: unknown): boolean {
  if (typeof auth !== "string") return false;
  return sameText(auth, `${app.key}:${hmacHex(app.secret, `${socketId}:${channel}`)}`);
}

/**
 * The `channel_data` that binds a private subscription to the user the app authorised it for:
 * `{"user_id","user_auth"}`, user_auth being the hex HMAC-SHA256 of
 * "<socket_id>:<channel>::user::<user_id>". The `auth` stays Pusher's standard one (socket and
 * channel only), so servers that ignore channel_data on private channels (soketi) accept it too.
 */
export function boundChannelData(app: AppCredentials, socketId: string, channel: string, userId: string): string {
  return JSON.stringify({ user_id: userId, user_auth: hmacHex(app.secret, `${socketId}:${channel}::user::${userId}`) });
}

/** Whether `channelData` is boundChannelData for this socket, channel and user. */
export function isChannelBoundTo(app: AppCredentials, socketId: string, channel: string, channelData: unknown, userId: string): boolean {
  if (typeof channelData !== "string") return false;
  return sameText(channelData, boundChannelData(app, socketId, channel, userId));
}

/**
 * The `auth` of a `pusher:signin`: "<key>:<hex HMAC-SHA256 of "<socket_id>::user::<user_data>">",
 * as the SDK's authenticateUser makes it.
 */
export function isValidUserAuth(app: AppCredentials, socketId: string, userData: string, auth: unknown): boolean {
  if (typeof auth !== "string") return false;
  return sameText(auth, `${app.key}:${hmacHex(app.secret, `${socketId}::user::${userData}`)}`);
}

/**
 * Why a signed HTTP API request must be refused, or undefined when it is genuine. Mirrors the
 * `pusher` SDK's signing: HMAC-SHA256 of "<METHOD>\n<path>\n<query>", the query being every
 * parameter but auth_signature, keys lowercased and sorted, joined as k=v with "&".
 */
export function apiRequestRefusal(
  app: AppCredentials,
  request: { method: string; path: string; query: URLSearchParams; body: Buffer },
  nowSeconds = Date.now() / 1000,
): string | undefined {
  const { query } = request;
  if (query.get("auth_key") !== app.key) return "Unknown auth_key.";
  const timestamp = Number(query.get("auth_timestamp"));
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > MAX_TIMESTAMP_SKEW_SECONDS) {
    return `auth_timestamp must be within ${MAX_TIMESTAMP_SKEW_SECONDS} seconds of the server's clock.`;
  }
  if (query.get("auth_version") !== "1.0") return "auth_version must be 1.0.";
  if (request.body.length > 0 || query.has("body_md5")) {
    const md5 = createHash("md5").update(request.body).digest("hex");
    if (query.get("body_md5") !== md5) return "body_md5 does not match the request body.";
  }
  const signedQuery = [...query.entries()]
    .filter(([name]) => name !== "auth_signature")
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const stringToSign = `${request.method.toUpperCase()}\n${request.path}\n${signedQuery}`;
  if (!sameText(query.get("auth_signature") ?? "", hmacHex(app.secret, stringToSign))) {
    // Like Pusher, name what should have been signed (never the secret) to make debugging possible.
    return `Invalid signature: expected the HMAC-SHA256 hex digest of ${JSON.stringify(stringToSign)}.`;
  }
  return undefined;
}
