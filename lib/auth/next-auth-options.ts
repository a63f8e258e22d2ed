import "server-only";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { Adapter } from "next-auth/adapters";
import type { NextAuthOptions } from "next-auth";
import EmailProvider from "next-auth/providers/email";
import { recordSignIn } from "@/lib/audit/record-sign-in";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { countedLimiter, spend } from "@/lib/http/rate-limit";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { uiLocaleFor } from "@/lib/i18n/locales";
import { deliverMail } from "@/lib/mail/deliver-mail";
import { terminateUserConnections } from "@/lib/realtime/publish";
import { signInMail } from "@/lib/mail/templates";
import { findSignInPerson, SESSION_MAX_AGE_S } from "./create-session";
import { authSecret } from "./secret";
import { SIGN_IN_LINK_MAX_AGE_S } from "./sign-in-link";

// A few sign-in links per address every 15 minutes (5 by default), counted across processes:
// the form must not become a mail cannon.
let linksPerAddress: ReturnType<typeof countedLimiter> | undefined;
const linkBudget = () => (linksPerAddress ??= countedLimiter({ name: "sign-in-link", points: env().SIGN_IN_LINKS_PER_15_MINUTES, durationS: 15 * 60 }));

/** The Prisma adapter, with sessions bound to the district membership (person) they act as. */
function adapter(): Adapter {
  const prisma = db();
  const base = PrismaAdapter(prisma as never) as Adapter;
  return {
    ...base,
    async createSession({ sessionToken, userId, expires }) {
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
      const person = await findSignInPerson(user.email);
      if (!person) throw new Error("No active person for this e-mail");
      const session = await prisma.$transaction(async (tx) => {
        const created = await tx.session.create({ data: { sessionToken, userId, expires, personId: person.id } });
        await recordSignIn(tx, { districtId: person.districtId, personId: person.id, sessionId: created.id, method: "email" });
        return created;
      });
      return { sessionToken: session.sessionToken, userId: session.userId, expires: session.expires };
    },
    // next-auth's own sign-out (and its clean-up of an expired session): once the row is gone,
    // the person's open sockets close too; sessions still valid sign in again.
    async deleteSession(sessionToken) {
      const deleted = await prisma.$queryRaw<{ person_id: string }[]>`delete from sessions where session_token = ${sessionToken} returning person_id`;
      for (const { person_id } of deleted) await terminateUserConnections(person_id);
      return null;
    },
  };
}

export function authOptions(): NextAuthOptions {
  // next-auth builds its e-mailed links from NEXTAUTH_URL when it is set, and from the request's
  // X-Forwarded-Host otherwise: it is always set, to this service's own origin.
  process.env.NEXTAUTH_URL = serviceOrigin();
  return {
    adapter: adapter(),
    secret: authSecret(),
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in" },
    providers: [
      EmailProvider({
        maxAge: SIGN_IN_LINK_MAX_AGE_S,
        // Only people of a district who are not archived get a link; others get nothing,
        // and the page says the same either way, so it reveals no membership.
        async sendVerificationRequest({ identifier, url }) {
          const allowed = (await spend(linkBudget(), identifier.toLowerCase())) === null;
          const person = allowed ? await findSignInPerson(identifier) : null;
          if (person) await deliverMail(signInMail(identifier, url, uiLocaleFor(person.language)), { districtId: person.districtId, expiresAt: Date.now() + SIGN_IN_LINK_MAX_AGE_S * 1000 });
        },
      }),
    ],
    callbacks: {
      async signIn({ user, email }) {
        if (email?.verificationRequest) return true;
        return Boolean(user.email && (await findSignInPerson(user.email)));
      },
    },
  };
}
