import "server-only";
import { randomBytes } from "node:crypto";
import { recordSignIn } from "@/lib/audit/record-sign-in";
import { db } from "@/lib/db/client";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * The person a login acts as: for an e-mail known in several districts, the given district,
 * else the earliest membership. Archived people cannot sign in.
 */
export async function findSignInPerson(email: string, districtId?: string) {
  return db().person.findFirst({
    where: { emailKey: email.trim().toLowerCase(), archived: false, ...(districtId ? { districtId } : {}) },
    orderBy: { createdAt: "asc" },
    select: { id: true, districtId: true, email: true, first: true, last: true, language: true },
  });
}

/** A database session exactly like the ones next-auth creates on sign-in (used by the ops command). */
export async function createSessionFor(email: string, districtId?: string) {
  const person = await findSignInPerson(email, districtId);
  if (!person) return null;
  const emailKey = email.trim().toLowerCase();
  const user = await db().user.upsert({ where: { email: emailKey }, update: {}, create: { email: emailKey } });
  const token = randomBytes(32).toString("hex");
  const expires = new Date(Date.now() + SESSION_MAX_AGE_S * 1000);
  await db().$transaction(async (tx) => {
    const session = await tx.session.create({ data: { sessionToken: token, userId: user.id, personId: person.id, expires } });
    await recordSignIn(tx, { districtId: person.districtId, personId: person.id, sessionId: session.id, method: "ops" });
  });
  return { token, expires: expires.getTime(), person };
}
