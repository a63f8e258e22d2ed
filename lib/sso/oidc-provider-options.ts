import "server-only";
import type { OAuthConfig } from "next-auth/providers/oauth";
import type { SsoProviderConfig } from "./find-sso-connection";

type Claims = { sub: string; email?: string; name?: string };

/**
 * The next-auth provider of an OpenID Connect connection: discovery, the authorization code flow
 * with PKCE, state and nonce, and the ID token (signature against the provider's JWKS, issuer,
 * audience, expiry, nonce) checked by next-auth's openid-client, never here.
 */
export function oidcProvider(config: SsoProviderConfig): OAuthConfig<Claims> {
  return {
    id: config.id,
    name: config.name,
    type: "oauth",
    wellKnown: `${config.issuer}/.well-known/openid-configuration`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorization: { params: { scope: "openid email profile" } },
    idToken: true,
    checks: ["pkce", "state", "nonce"],
    // openid-client gives up on discovery, the token and the JWKS after 3.5 s: a provider (or this
    // server) slow for a moment would send the person back to the sign-in page with an error.
    // No kept-alive connections (agent: false): a provider that closed an idle one while this
    // process reused it would fail the next sign-in (ECONNRESET); a sign-in asks it three times at most.
    httpOptions: { timeout: 10_000, agent: false },
    // The account is matched by the verified e-mail in the signIn callback (lib/sso/sso-sign-in-rules.ts),
    // which also makes sure the user row exists: next-auth then never creates one for a provider.
    allowDangerousEmailAccountLinking: true,
    profile: (claims) => ({
      id: claims.sub,
      email: claims.email?.trim().toLowerCase() ?? null,
      name: claims.name ?? null,
    }),
  };
}
