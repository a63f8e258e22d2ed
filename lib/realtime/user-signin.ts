import { parseBoundedJson } from "./bounded-json";
import { isValidUserAuth, type AppCredentials } from "./signatures";

/**
 * Pusher user authentication (`pusher:signin`): the app signs "<socket_id>::user::<user_data>"
 * for a person it has authenticated, and the server remembers which user each socket belongs to,
 * so that `terminate_connections` can close every socket of a person who lost access.
 */
export type SigninResult = { userId: string; userData: string } | { error: string };

/** Pusher's limit on user ids (the `pusher` SDK validates the same). */
const MAX_USER_ID_LENGTH = 200;

export function verifySignin(app: AppCredentials, socketId: string, data: Record<string, unknown> | undefined): SigninResult {
  const userData = data?.user_data;
  if (typeof userData !== "string" || !isValidUserAuth(app, socketId, userData, data?.auth)) return { error: "Invalid signature for this socket's sign-in." };
  const parsed = parseBoundedJson(userData) as { id?: unknown } | undefined;
  const id = parsed && typeof parsed === "object" ? parsed.id : undefined;
  if (typeof id !== "string" || !id || id.length > MAX_USER_ID_LENGTH) return { error: "user_data must be JSON with a non-empty string id." };
  return { userId: id, userData };
}

/** Which sockets each signed-in user holds. */
export function createUserIndex<S>() {
  const byUser = new Map<string, Set<S>>();
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
  };
}

export type UserIndex<S> = ReturnType<typeof createUserIndex<S>>;
