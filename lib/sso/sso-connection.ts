import "server-only";
import net from "node:net";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { conflict, invalid, notFound } from "@/lib/errors/app-error";
import { bareHost, hostOnList, isPublicAddress } from "@/lib/net/public-address";
import { sealSecret } from "@/lib/webhooks/secrets";
import type { PutSsoConnectionInput } from "./schemas";

/** next-auth's provider id of a district's connection. */
export const districtProviderId = (districtId: string) => `oidc-${districtId}`;

const PRESETS = {
  google: { name: "Google", issuer: () => "https://accounts.google.com" },
  microsoft: { name: "Microsoft", issuer: (tenant?: string) => `https://login.microsoftonline.com/${tenant}/v2.0` },
} as const;

type ConnectionRow = { name: string; issuer: string; clientId: string; domains: string[]; requireSso: boolean; updatedAt: Date };

function serialize(districtId: string, row: ConnectionRow, origin: string) {
  return {
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    has_secret: 1 as const,
    domains: row.domains,
    require_sso: row.requireSso ? (1 as const) : (0 as const),
    provider_id: districtProviderId(districtId),
    sign_in_url: `${origin}/sign-in?district=${districtId}`,
    redirect_uri: `${origin}/api/auth/callback/${districtProviderId(districtId)}`,
    updated_at: row.updatedAt.getTime(),
  };
}

/**
 * Why `raw` cannot be an issuer, from the URL alone (SSRF rules as for webhooks): https to a
 * public host; http, loopback or private addresses only for hosts on OIDC_ISSUER_HOSTS.
 */
function issuerProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Not a URL: give the issuer's full address, such as https://accounts.google.com.";
  }
  if (url.username || url.password || url.hash || url.search) return "Give the issuer URL alone: no credentials, query or #fragment.";
  const allowed = hostOnList(url, env().OIDC_ISSUER_HOSTS);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && allowed)) return "Use an https issuer URL.";
  if (allowed) return null;
  const host = bareHost(url).replace(/\.$/, "");
  if ((net.isIP(host) && !isPublicAddress(host)) || host === "localhost" || host.endsWith(".localhost")) {
    return `${host} is not a public address; only the operator can allow such issuers (OIDC_ISSUER_HOSTS).`;
  }
  return null;
}

const select = { name: true, issuer: true, clientId: true, domains: true, requireSso: true, updatedAt: true } as const;

export async function getSsoConnection(ctx: Ctx) {
  const row = await db().ssoConnection.findUnique({ where: { districtId: ctx.districtId }, select });
  if (!row) throw notFound("SSO connection");
  return serialize(ctx.districtId, row, ctx.origin);
}

/** Creates or replaces the district's connection; the stored secret stays when none is given. */
export async function putSsoConnection(ctx: Ctx, input: PutSsoConnectionInput) {
  const preset = input.preset ? PRESETS[input.preset] : undefined;
  if (input.preset === "microsoft" && !input.tenant) throw invalid("tenant", "Microsoft Entra ID needs the tenant (its id or primary domain).");
  const issuer = (preset ? preset.issuer(input.tenant) : input.issuer)?.replace(/\/+$/, "");
  if (!issuer) throw invalid("issuer", "Required (or choose a preset).");
  const problem = issuerProblem(issuer);
  if (problem) throw invalid("issuer", problem);
  const name = input.name ?? preset?.name;
  if (!name) throw invalid("name", "Required (the name on the sign-in button).");
  const taken = input.domains.length
    ? await db().ssoConnection.findFirst({ where: { districtId: { not: ctx.districtId }, domains: { hasSome: input.domains } }, select: { domains: true } })
    : null;
  if (taken) throw conflict(`Another district signs in ${taken.domains.filter((d) => input.domains.includes(d)).join(", ")} already.`);
  const existing = await db().ssoConnection.findUnique({ where: { districtId: ctx.districtId }, select: { id: true } });
  if (!existing && !input.client_secret) throw invalid("client_secret", "Required for a new connection.");
  const data = { name, issuer, clientId: input.client_id, domains: input.domains, requireSso: input.require_sso, updatedAt: new Date() };
  const secret = input.client_secret ? { clientSecret: sealSecret(input.client_secret) } : {};
  const row = existing
    ? await db().ssoConnection.update({ where: { districtId: ctx.districtId }, data: { ...data, ...secret }, select })
    : await db().ssoConnection.create({ data: { ...data, districtId: ctx.districtId, clientSecret: sealSecret(input.client_secret!) }, select });
  return serialize(ctx.districtId, row, ctx.origin);
}

export async function deleteSsoConnection(ctx: Ctx) {
  const { count } = await db().ssoConnection.deleteMany({ where: { districtId: ctx.districtId } });
  if (!count) throw notFound("SSO connection");
  return { ok: true as const };
}
