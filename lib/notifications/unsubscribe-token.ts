import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { isId } from "@/lib/ids/ids.shared";
import { isNotificationKind, type NotificationKind } from "./kinds.shared";

/**
 * The token of an e-mail's one-click unsubscribe link (RFC 8058): who it was for and which kind
 * of e-mail it stops, signed with an HMAC under a key derived from the service's auth secret
 * (every app and worker process shares it). It needs no sign-in, so it names nothing more and
 * does nothing more than stop that one kind for that one person. It does not expire: a link in
 * an old e-mail still works, as mail clients and RFC 8058 expect.
 */
export type UnsubscribeSubject = { districtId: string; personId: string; kind: NotificationKind };

let key: { from: string; key: Buffer } | undefined;

function signingKey(): Buffer {
  const secret = authSecret();
  if (key?.from !== secret) key = { from: secret, key: Buffer.from(hkdfSync("sha256", secret, "cas-notifications", "unsubscribe links", 32)) };
  return key.key;
}

const mac = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest("base64url");

export function signUnsubscribeToken(subject: UnsubscribeSubject): string {
  const payload = Buffer.from(JSON.stringify([subject.districtId, subject.personId, subject.kind])).toString("base64url");
  return `${payload}.${mac(payload)}`;
}

/** The subject of a token this service signed, else null (tampered, truncated, or not a token at all). */
export function verifyUnsubscribeToken(token: string): UnsubscribeSubject | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [districtId, personId, kind] = value as unknown[];
    if (typeof districtId !== "string" || typeof personId !== "string" || !isId(districtId) || !isId(personId) || !isNotificationKind(kind)) return null;
    return { districtId, personId, kind };
  } catch {
    return null;
  }
}

/** The link both the List-Unsubscribe header (POST) and the e-mail's footer (GET: a confirmation page) point at. */
export const unsubscribeUrl = (subject: UnsubscribeSubject) => `${serviceOrigin()}/api/unsubscribe?token=${signUnsubscribeToken(subject)}`;
