import { okSchema } from "@/lib/http/schemas";
import { putSsoConnectionSchema, ssoConnectionSchema, ssoLookupQuery, ssoLookupSchema } from "@/lib/sso/schemas";
import type { Endpoints } from "./operation";

// Sign-in with the district's own accounts (issue 33): its OpenID Connect provider.

const FLOW =
  "Staff sign in on the sign-in page with “Sign in with <name>”, offered for the e-mail domains listed and on the link the district shares (`/sign-in?district=<district id>`). " +
  "The service uses discovery, the authorization code flow with PKCE, `state` and `nonce`; next-auth's OpenID Connect client checks the ID token's signature (the provider's JWKS, so rotated keys are followed), issuer, audience and expiry. " +
  "Only an active (not archived) person of the district whose e-mail is the token's, with `email_verified: true` (from Microsoft Entra ID, the optional claim `xms_edov: true`), signs in; nobody is created. " +
  "A person turned off at the provider cannot sign in again; end their sessions with `DELETE /api/people/{id}/sessions`.";

export const ssoEndpoints = {
  getSsoConnection: {
    method: "GET",
    path: "/api/settings/sso",
    auth: "session",
    roleKind: "admin",
    tag: "Single sign-on",
    summary: "Read the district's OpenID Connect connection",
    description: `${FLOW}\n\nThe client secret is never returned: \`has_secret\` says it is stored (encrypted, as webhook secrets are).`,
    response: { description: "The connection.", schema: ssoConnectionSchema },
    errors: { 404: "`not_found`: the district has no connection." },
  },
  putSsoConnection: {
    method: "PUT",
    path: "/api/settings/sso",
    auth: "session",
    roleKind: "admin",
    body: putSsoConnectionSchema,
    tag: "Single sign-on",
    summary: "Connect the district to an OpenID Connect provider",
    description:
      `${FLOW}\n\nCreates or replaces the connection. Register \`redirect_uri\` (in the answer) at the provider. Presets: \`google\` (Google Workspace) and \`microsoft\` (Microsoft Entra ID, with \`tenant\`). ` +
      "The issuer must be https and public (hosts on the operator's `OIDC_ISSUER_HOSTS` excepted). With `require_sso: 1`, e-mail links stay for candidates only: staff of the district get none, and a link already sent no longer signs them in.",
    response: { description: "The connection as saved.", schema: ssoConnectionSchema },
    errors: {
      400: "`validation_error`: no issuer (nor preset), an issuer that is not a public https URL, no secret for a new connection, Microsoft without `tenant`.",
      409: "`conflict`: another district's connection already lists one of these e-mail domains.",
    },
  },
  deleteSsoConnection: {
    method: "DELETE",
    path: "/api/settings/sso",
    auth: "session",
    roleKind: "admin",
    tag: "Single sign-on",
    summary: "Disconnect the district's OpenID Connect provider",
    description: "Staff sign in by e-mail link again. Sessions already open stay open (end them per person with `DELETE /api/people/{id}/sessions`).",
    response: { description: "Disconnected.", schema: okSchema },
    errors: { 404: "`not_found`: the district has no connection." },
  },
  lookupSso: {
    method: "GET",
    path: "/api/auth/sso-lookup",
    auth: "public",
    query: ssoLookupQuery,
    tag: "Single sign-on",
    summary: "Which provider signs in an e-mail address",
    description:
      "For a sign-in form: the provider (next-auth id and name) that the address's domain routes to, or the one of the district named by `district`; else `null` (or the operator's provider `oidc`, when set). " +
      "Decided by the domain alone, never by whether a person with that address exists.",
    queryDocs: {
      email: { description: "An e-mail address (only its domain is used).", example: "ana@district.example.org" },
      district: { description: "A district id (the shared sign-in link's)." },
    },
    response: { description: "The provider, or null.", schema: ssoLookupSchema },
    errors: { 400: "`validation_error`: a value longer than its limit, or with characters no text takes (NUL, lone surrogates)." },
  },
  endPersonSessions: {
    method: "DELETE",
    path: "/api/people/{id}/sessions",
    auth: "session",
    roleKind: "admin",
    tag: "People",
    summary: "End a person's sessions",
    description:
      "Signs the person out everywhere: every session of theirs is deleted (the next request with one is a 401) and their realtime connections close. They may sign in again, unless their account is turned off at the district's provider or they are archived.",
    pathParams: { id: "The person's id." },
    response: { description: "Signed out everywhere.", schema: okSchema },
    errors: { 404: "`not_found`: no person of the district has this id." },
  },
} satisfies Endpoints;
