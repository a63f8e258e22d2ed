import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db/client";
import { authSecret } from "./secret";

export const SIGN_IN_LINK_MAX_AGE_S = 24 * 60 * 60;
const INVITE_LINK_MAX_AGE_S = 7 * 24 * 60 * 60;

/** next-auth's own rule for stored e-mail tokens: sha256(token + secret). */
const hashVerificationToken = (token: string) => createHash("sha256").update(`${token}${authSecret()}`).digest("hex");

/**
 * Makes a one-time sign-in link that next-auth's e-mail callback accepts, for invitations
 * sent by staff rather than requested on the sign-in page.
 */
export async function createSignInLink(origin: string, email: string, maxAgeSeconds = INVITE_LINK_MAX_AGE_S) {
  const token = randomBytes(32).toString("hex");
  const identifier = email.toLowerCase();
  await db().verificationToken.create({
    data: { identifier, token: hashVerificationToken(token), expires: new Date(Date.now() + maxAgeSeconds * 1000) },
  });
  const params = new URLSearchParams({ callbackUrl: `${origin}/`, token, email: identifier });
  return `${origin}/api/auth/callback/email?${params}`;
}
