import "server-only";
import { findSignInPerson } from "@/lib/auth/create-session";
import { db } from "@/lib/db/client";
import { ssoForDistrict, type SsoProviderConfig } from "./find-sso-connection";

/** Whether the person holds any role other than a candidate's: "staff", whom a district may hold to SSO. */
async function isStaff(districtId: string, roles: unknown): Promise<boolean> {
  const ids = Object.keys((roles ?? {}) as Record<string, unknown>);
  if (!ids.length) return true;
  const kinds = await db().role.findMany({ where: { districtId, id: { in: ids } }, select: { kind: true } });
  return !kinds.length || kinds.some((r) => r.kind !== "candidate");
}

/**
 * The provider vouches for the address: `email_verified: true`, or, from Microsoft Entra ID, which
 * sends no such claim, the optional claim `xms_edov: true` (the address's domain is verified by
 * its tenant: add it to the app's token configuration).
 */
function emailVerified(provider: SsoProviderConfig, claims: Record<string, unknown>) {
  if (claims.email_verified === true) return true;
  return new URL(provider.issuer).hostname === "login.microsoftonline.com" && claims.xms_edov === true;
}

/**
 * Who an ID token signs in, once next-auth (openid-client) has checked its signature, issuer,
 * audience, expiry and nonce: the active person of the provider's district (of any district for
 * the operator's provider) whose e-mail is the token's, verified by the provider. Nobody is
 * created. The e-mail is the token's own, and proven by the provider, so saying why a sign-in
 * is refused reveals nothing the person does not already know. Each refusal is a `?error=` code
 * of the sign-in page (its words in messages/<locale>/signIn.json).
 */
export async function oidcSignInPerson(provider: SsoProviderConfig, claims: Record<string, unknown>) {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || !emailVerified(provider, claims)) return { refusal: "SsoUnverifiedEmail" as const };
  const person = await findSignInPerson(email, provider.districtId ?? undefined);
  if (person) return { person, email };
  if (provider.districtId && (await findSignInPerson(email))) return { refusal: "SsoOtherDistrict" as const };
  return { refusal: "SsoNoAccount" as const };
}

/**
 * Whether an e-mail link may sign this person in: not when their district requires SSO for
 * staff and they are staff there (candidates keep e-mail links).
 */
export async function emailLinkAllowed(person: { districtId: string; id: string }): Promise<{ allowed: true } | { allowed: false; districtId: string }> {
  const sso = await ssoForDistrict(person.districtId);
  if (!sso?.requireSso) return { allowed: true };
  const row = await db().person.findUnique({ where: { id: person.id, districtId: person.districtId }, select: { roles: true } });
  return (await isStaff(person.districtId, row?.roles)) ? { allowed: false, districtId: person.districtId } : { allowed: true };
}
