import "server-only";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { openSecret } from "@/lib/webhooks/secrets";
import { districtProviderId } from "./sso-connection";

/** The operator's provider for the whole service (OIDC_* env), next-auth id `oidc`. */
const OPERATOR_PROVIDER_ID = "oidc";

export type SsoProviderConfig = {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  districtId: string | null;
  requireSso: boolean;
};

export function operatorProvider(): SsoProviderConfig | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_NAME } = env();
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return null;
  return {
    id: OPERATOR_PROVIDER_ID,
    name: OIDC_NAME ?? "single sign-on",
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    districtId: null,
    requireSso: false,
  };
}

type Row = { districtId: string; name: string; issuer: string; clientId: string; clientSecret: string; requireSso: boolean };
const select = { districtId: true, name: true, issuer: true, clientId: true, clientSecret: true, requireSso: true } as const;

const toConfig = (row: Row): SsoProviderConfig => ({
  id: districtProviderId(row.districtId),
  name: row.name,
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecret: openSecret(row.clientSecret),
  districtId: row.districtId,
  requireSso: row.requireSso,
});

/** A district's connection, by the district's id. */
export async function ssoForDistrict(districtId: string): Promise<SsoProviderConfig | null> {
  const row = await db().ssoConnection.findUnique({ where: { districtId }, select });
  return row && toConfig(row);
}

/** The connection an e-mail address's domain routes to (a domain belongs to one district). */
export async function ssoForEmail(email: string): Promise<SsoProviderConfig | null> {
  const domain = email.trim().toLowerCase().split("@")[1];
  if (!domain) return null;
  const row = await db().ssoConnection.findFirst({ where: { domains: { has: domain } }, select });
  return row && toConfig(row);
}

/** The provider config of a next-auth provider id: `oidc` (operator) or `oidc-<districtId>`. */
export async function ssoForProviderId(providerId: string): Promise<SsoProviderConfig | null> {
  if (providerId === OPERATOR_PROVIDER_ID) return operatorProvider();
  const districtId = /^oidc-([A-Za-z0-9_-]{1,64})$/.exec(providerId)?.[1];
  return districtId ? ssoForDistrict(districtId) : null;
}
