import { z } from "zod";
import { timestampSchema } from "@/lib/http/schemas";
import { text } from "@/lib/validation/text.shared";

// ---- Requests ----

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const SSO_PRESETS = ["google", "microsoft"] as const;

export const putSsoConnectionSchema = z.object({
  preset: z
    .enum(SSO_PRESETS)
    .optional()
    .describe(
      "`google`: Google Workspace (issuer `https://accounts.google.com`); `microsoft`: Microsoft Entra ID (`https://login.microsoftonline.com/<tenant>/v2.0`, with `tenant`). Fills `issuer` and, when absent, `name`.",
    ),
  tenant: text()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, "A tenant id (a GUID) or domain.")
    .optional()
    .describe("Microsoft Entra ID's tenant (its id or primary domain), for `preset: microsoft`."),
  issuer: text()
    .trim()
    .max(500)
    .optional()
    .describe("The provider's issuer URL: its discovery document is `<issuer>/.well-known/openid-configuration`. Required without a preset."),
  name: text().trim().min(1).max(80).optional().describe("Shown on the sign-in page as “Sign in with <name>”."),
  client_id: text().trim().min(1, "Required.").max(500),
  client_secret: text().min(1).max(2000).optional().describe("Required the first time; omitted later, the stored secret stays. Never returned."),
  domains: z
    .array(text().trim().toLowerCase().regex(DOMAIN, "An e-mail domain such as district.example.org."))
    .max(50)
    .default([])
    .transform((list) => [...new Set(list)])
    .describe("E-mail domains whose addresses the sign-in page offers this connection to."),
  require_sso: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .transform((v) => v === 1 || v === true)
    .default(false)
    .describe("1: staff (anyone but candidates) must sign in through this provider; e-mail links stay for candidates only."),
});

export const ssoLookupQuery = z.object({
  email: text().trim().max(320).optional(),
  district: text().trim().max(100).optional(),
});

export type PutSsoConnectionInput = z.infer<typeof putSsoConnectionSchema>;

// ---- Responses ----

export const ssoConnectionSchema = z.object({
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_secret: z.literal(1).describe("The client secret is stored (encrypted); it is never returned."),
  domains: z.array(z.string()),
  require_sso: z.union([z.literal(0), z.literal(1)]),
  provider_id: z.string().describe("The next-auth provider id: `oidc-<district id>`."),
  sign_in_url: z.string().describe("The link to share: the sign-in page offering this connection."),
  redirect_uri: z.string().describe("The redirect URI to register at the provider."),
  updated_at: timestampSchema,
});

export const ssoLookupSchema = z.object({
  provider: z
    .object({ id: z.string(), name: z.string(), required_for_staff: z.union([z.literal(0), z.literal(1)]) })
    .nullable()
    .describe("The provider that signs in addresses of this domain (or of this district), or null."),
});

export type SsoConnection = z.infer<typeof ssoConnectionSchema>;
export type PutSsoConnectionBody = z.input<typeof putSsoConnectionSchema>;
