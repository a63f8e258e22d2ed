import { env } from "@/lib/env";
// No "server-only" here: the sign-in page (Pages Router) cannot import a module that has it (lib/server-boundary.test.ts lists it).

/**
 * The sign-in page's policy when it offers an OpenID Connect provider. Its "Sign in with …" form
 * posts to next-auth here, which redirects to the provider, and browsers check form-action on
 * every redirect of a form's navigation: 'self' alone stops the sign-in at that redirect. An
 * issuer is https (or http on a host of OIDC_ISSUER_HOSTS, lib/sso/sso-connection.ts), and its
 * authorization endpoint may sit at another of its origins, so the page allows those schemes'
 * origins as targets. The page runs no script and shows no one's content, which is what
 * form-action 'self' guards against elsewhere.
 */
export function signInWithProviderPolicy(csp: string): string {
  const allowedHttp = env().OIDC_ISSUER_HOSTS.map((host) => `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:*`);
  return csp.replace(/(^|;\s*)form-action 'self'/, `$1form-action 'self' https: ${allowedHttp.join(" ")}`.trimEnd());
}
