import { parseBoundedJson } from "./bounded-json";
import { isValidUserAuth, type AppCredentials } from "./signatures";

/**
 * Pusher user authentication (`pusher:signin`): the app signs "<socket_id>::user::<user_data>"
 * for a person it has authenticated, and the server remembers which user each socket belongs to,
 * so that `terminate_connections` can close every socket of a person who lost access.
 */
export type SigninResult = { userId: string; userData: string; expiresAt?: number } | { error: string };

/** Pusher's limit on user ids (the `pusher` SDK validates the same). */
const MAX_USER_ID_LENGTH = 200;

export function verifySignin(app: AppCredentials, socketId: string, data: Record<string, unknown> | undefined): SigninResult {
  const userData = data?.user_data;
  if (typeof userData !== "string" || !isValidUserAuth(app, socketId, userData, data?.auth)) return { error: "Invalid signature for this socket's sign-in." };
  const parsed = parseBoundedJson(userData) as { id?: unknown; user_info?: { session_expires?: unknown } } | undefined;
  const id = parsed && typeof parsed === "object" ? parsed.id : undefined;
  if (typeof id !== "string" || !id || id.length > MAX_USER_ID_LENGTH) return { error: "user_data must be JSON with a non-empty string id." };
  // The app's own field (not Pusher's): when the session behind the sign-in ends, so does the sign-in.
  const expires = parsed!.user_info && typeof parsed!.user_info === "object" ? parsed!.user_info.session_expires : undefined;
  return { userId: id, userData, ...(typeof expires === "number" && Number.isFinite(expires) && { expiresAt: expires }) };
}

/**
 * Which sockets each signed-in user holds, and when each user's connections were last
 * terminated. A socket opened before that moment may not sign in as that user any more: its
 * sign-in may have been signed before the access ended and only sent after, and would bring the
 * access back. Sockets sign in within `signinWindowMs` of opening, so a termination is kept
 * only that long.
 */
export function createUserIndex<S>(signinWindowMs: number) {
  const byUser = new Map<string, Set<S>>();
  // In the order they happened (re-inserted on every termination), so pruning stops at the first recent one.
  const terminatedAt = new Map<string, number>();
  const prune = (now: number) => {
    for (const [userId, at] of terminatedAt) {
      if (now - at <= signinWindowMs) break;
      terminatedAt.delete(userId);
    }
  };
  return {
    add(userId: string, socket: S) {
      let sockets = byUser.get(userId);
      if (!sockets) byUser.set(userId, (sockets = new Set()));
      sockets.add(socket);
    },
    remove(userId: string, socket: S) {
      const sockets = byUser.get(userId);
      if (!sockets) return;
      sockets.delete(socket);
      if (!sockets.size) byUser.delete(userId);
    },
    socketsOf(userId: string): S[] {
      return [...(byUser.get(userId) ?? [])];
    },
    /** Records that `userId`'s access changed now: sockets opened until now cannot sign in as them. */
    terminated(userId: string, now = Date.now()) {
      terminatedAt.delete(userId);
      terminatedAt.set(userId, now);
      prune(now);
    },
    /** Whether a socket opened at `openedAt` may still sign in as `userId` at `now`. */
    maySignIn(userId: string, openedAt: number, now = Date.now()) {
      if (now - openedAt > signinWindowMs) return false;
      const at = terminatedAt.get(userId);
      return at === undefined || openedAt > at;
    },
  };
}

export type UserIndex<S> = ReturnType<typeof createUserIndex<S>>;
