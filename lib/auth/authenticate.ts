import "server-only";
import { sqlRows } from "@/lib/db/pool";
import { AppError } from "@/lib/errors/app-error";
import { recordFailedKeyUse, retiredKeyOf } from "@/lib/audit/record-failed-key-use";
import { hashApiKey, looksLikeApiKey } from "@/lib/keys/key-format";
import { recordKeyUse } from "@/lib/keys/record-key-use";
import { keyOfRetiredSecret } from "@/lib/keys/retired-secret";
import type { Ctx } from "./context";
import type { Scope } from "./permissions";
import { contextOfSession, provisionalContext, rememberSession, SESSION_STATE } from "./session-check";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

const unauthorized = (message = "Sign in or send a valid token in the Authorization header.") => new AppError("unauthorized", message);

/** Where a token came from: an Authorization header, or the browser's session cookie. */
export type TokenSource = "header" | "cookie";

const decodeCookie = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value; // malformed percent-encoding: no session will match it (401), never a 500
  }
};

/** The bearer token, else the browser's next-auth session cookie. */
function readToken(req: Request): { token: string; via: TokenSource } | null {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? { token: match[1], via: "header" } : null;
  }
  const cookies = req.headers.get("cookie");
  if (!cookies) return null;
  for (const part of cookies.split(/;\s*/)) {
    const eq = part.indexOf("=");
    const name = part.slice(0, eq);
    if (SESSION_COOKIES.includes(name)) return { token: decodeCookie(part.slice(eq + 1)), via: "cookie" };
  }
  return null;
}

/**
 * One round trip on every request, so that a sign-out, an archived person or a changed role
 * counts from the very next request in every process: the session, its person and the
 * definitions of the roles that person holds (session-check.ts). Sent as plain SQL: through
 * Prisma's query engine the same statement costs several times the CPU, on every request. The
 * context is remembered, for the reads that check the session in their own statement.
 */
async function sessionContext(token: string, origin: string): Promise<Ctx> {
  const [row] = await sqlRows<{ state: string }>(
    `select ${SESSION_STATE} as state from sessions sess join people me on me.id = sess.person_id
      where sess.session_token = $1 -- all districts: a session token names one person, of whichever district`,
    [token],
  );
  const ctx = row ? contextOfSession(row.state, token, origin) : null;
  if (!ctx) throw unauthorized("Your session has expired or was revoked. Please sign in again.");
  rememberSession(token, row.state, ctx);
  return ctx;
}

type KeyRow = { id: string; districtId: string; scopes: string[]; revokedAt: Date | null; expiresAt: Date | null; lastUsedAt: Date | null };

/** The key by its hash, every request (a revoked key is refused at once, in every process). */
async function keyContext(token: string, origin: string): Promise<Ctx> {
  const hash = hashApiKey(token);
  // A key's current secret, else an earlier secret of a rotated key during its grace period.
  const [current] = await sqlRows<KeyRow>(
    `select id, district_id as "districtId", scopes, revoked_at as "revokedAt", expires_at as "expiresAt", last_used_at as "lastUsedAt"
       from api_keys where hash = $1 -- all districts: the key's hash is what names it`,
    [hash],
  );
  const key = current ?? (await keyOfRetiredSecret(hash));
  if (!key) {
    // An earlier secret of a rotated key, past its grace period: the key is known, and so its district.
    const retired = await retiredKeyOf(hash);
    if (retired) await recordFailedKeyUse(retired.districtId, retired.keyId, "retired_secret");
    throw unauthorized("This API key is unknown or has been revoked.");
  }
  if (key.revokedAt) {
    await recordFailedKeyUse(key.districtId, key.id, "revoked");
    throw unauthorized("This API key is unknown or has been revoked.");
  }
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
    await recordFailedKeyUse(key.districtId, key.id, "expired");
    throw unauthorized("This API key has expired.");
  }
  recordKeyUse(key);
  return { districtId: key.districtId, origin, actor: { type: "key", keyId: key.id, scopes: new Set((key.scopes ?? []) as Scope[]) } };
}

/**
 * The context this process remembers for the request's session token, for a read that checks the
 * session in its own statement (session-check.ts); undefined for API keys and unknown sessions.
 */
export function provisionalAuthentication(req: Request, origin: string): Ctx | undefined {
  const read = readToken(req);
  return read && !looksLikeApiKey(read.token) ? provisionalContext(read.token, origin) : undefined;
}

export async function authenticate(req: Request, origin: string): Promise<{ ctx: Ctx; via: TokenSource }> {
  const read = readToken(req);
  if (!read) throw unauthorized();
  const ctx = await (looksLikeApiKey(read.token) ? keyContext(read.token, origin) : sessionContext(read.token, origin));
  return { ctx, via: read.via };
}
