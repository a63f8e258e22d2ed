import "server-only";
import { PrismaAdapter } from "@next-auth/prisma-adapter";
import type { Adapter, AdapterAccount } from "next-auth/adapters";
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
import { operatorProvider, type SsoProviderConfig } from "@/lib/sso/find-sso-connection";
import { oidcProvider } from "@/lib/sso/oidc-provider-options";
import { emailLinkAllowed, oidcSignInPerson } from "@/lib/sso/sso-sign-in-rules";
import { loggerFor } from "@/lib/logging/logger";
import { findSignInPerson, SESSION_MAX_AGE_S } from "./create-session";
import { authSecret } from "./secret";
import { SIGN_IN_LINK_MAX_AGE_S } from "./sign-in-link";

const log = loggerFor("auth");

/** Why next-auth refused something, as one log line: the reason's words, never the error's data (an ID token, a profile). */
function logAuthError(code: string, metadata: unknown) {
  const m = (metadata ?? {}) as { error?: { message?: unknown }; message?: unknown; providerId?: unknown };
  const reason = m.error?.message ?? m.message;
  log.warn(
    { code, provider: typeof m.providerId === "string" ? m.providerId : undefined, reason: typeof reason === "string" ? reason.slice(0, 300) : undefined },
    "sign-in refused",
  );
}

// A few sign-in links per address every 15 minutes (5 by default), counted across processes:
// the form must not become a mail cannon.
let linksPerAddress: ReturnType<typeof countedLimiter> | undefined;
const linkBudget = () => (linksPerAddress ??= countedLimiter({ name: "sign-in-link", points: env().SIGN_IN_LINKS_PER_15_MINUTES, durationS: 15 * 60 }));

/**
 * The Prisma adapter, with sessions bound to the district membership (person) they act as: for a
 * district's OpenID Connect provider, the person of that district. Provider accounts are never
 * linked nor looked up: an OpenID Connect sign-in is matched by its verified e-mail each time
 * (lib/sso/sso-sign-in-rules.ts), so an address that changes at the provider never signs in as
 * whoever had it before.
 */
function adapter(sso?: SsoProviderConfig | null): Adapter {
  const prisma = db();
  const base = PrismaAdapter(prisma as never) as Adapter;
  return {
    ...base,
    async createSession({ sessionToken, userId, expires }) {
      const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
      const person = await findSignInPerson(user.email, sso?.districtId ?? undefined);
      if (!person) throw new Error("No active person for this e-mail");
      const session = await prisma.$transaction(async (tx) => {
        const created = await tx.session.create({ data: { sessionToken, userId, expires, personId: person.id } });
        await recordSignIn(tx, { districtId: person.districtId, personId: person.id, sessionId: created.id, method: sso ? "oidc" : "email" });
        return created;
      });
      return { sessionToken: session.sessionToken, userId: session.userId, expires: session.expires };
    },
    getUserByAccount: async (account) => (account.provider.startsWith("oidc") ? null : base.getUserByAccount!(account)),
    linkAccount: async (account: AdapterAccount) => (account.provider.startsWith("oidc") ? undefined : base.linkAccount!(account)),
    // next-auth's own sign-out (and its clean-up of an expired session): once the row is gone,
    // the person's open sockets close too; sessions still valid sign in again.
    async deleteSession(sessionToken) {
      const deleted = await prisma.$queryRaw<{ person_id: string }[]>`delete from sessions where session_token = ${sessionToken} returning person_id`;
      for (const { person_id } of deleted) await terminateUserConnections(person_id);
      return null;
    },
  };
}

/**
 * next-auth's options for one request. `sso` is the OpenID Connect provider the request names
 * (`/api/auth/signin/oidc-<district>`, `/api/auth/callback/oidc-<district>`, or the operator's
 * `oidc`), loaded by the route (lib/auth/oidc-next-auth-handler.ts): per-district providers
 * cannot be listed once at start-up.
 */
export function authOptions(sso?: SsoProviderConfig | null): NextAuthOptions {
  // next-auth builds its e-mailed links from NEXTAUTH_URL when it is set, and from the request's
  // X-Forwarded-Host otherwise: it is always set, to this service's own origin.
  process.env.NEXTAUTH_URL = serviceOrigin();
  return {
    adapter: adapter(sso),
    secret: authSecret(),
    session: { strategy: "database", maxAge: SESSION_MAX_AGE_S },
    pages: { signIn: "/sign-in", verifyRequest: "/sign-in/check-email", error: "/sign-in" },
    logger: { error: logAuthError, warn: (code) => log.warn({ code }, "next-auth warning"), debug: () => {} },
    providers: [
      EmailProvider({
        maxAge: SIGN_IN_LINK_MAX_AGE_S,
        // Only people of a district who are not archived get a link; others get nothing,
        // and the page says the same either way, so it reveals no membership.
        async sendVerificationRequest({ identifier, url }) {
          const allowed = (await spend(linkBudget(), identifier.toLowerCase())) === null;
          const person = allowed ? await findSignInPerson(identifier) : null;
          // Staff of a district that requires SSO get no link, as strangers get none: the page says the same either way.
          if (person && (await emailLinkAllowed(person)).allowed)
            await deliverMail(signInMail(identifier, url, uiLocaleFor(person.language)), {
              districtId: person.districtId,
              expiresAt: Date.now() + SIGN_IN_LINK_MAX_AGE_S * 1000,
            });
        },
      }),
      ...[sso ?? operatorProvider()].filter((p) => p !== null).map(oidcProvider),
    ],
    callbacks: {
      async signIn({ user, email, account, profile }) {
        const refused = (code: string, districtId?: string | null) =>
          `${serviceOrigin()}/sign-in?${new URLSearchParams({ error: code, ...(districtId ? { district: districtId } : {}) })}`;
        if (account?.type === "oauth") {
          if (!sso || account.provider !== sso.id) return false;
          const found = await oidcSignInPerson(sso, (profile ?? {}) as Record<string, unknown>);
          if ("refusal" in found) return refused(found.refusal!, sso.districtId);
          // The login's user row, so that next-auth finds it by e-mail and never creates one.
          await db().user.upsert({ where: { email: found.email }, update: {}, create: { email: found.email } });
          return true;
        }
        if (email?.verificationRequest) return true;
        const person = user.email ? await findSignInPerson(user.email) : null;
        if (!person) return false;
        // A link (an invitation, or one asked for before) no longer signs staff in where the district requires SSO.
        const link = await emailLinkAllowed(person);
        return link.allowed ? true : refused("SsoRequired", link.districtId);
      },
    },
  };
}
