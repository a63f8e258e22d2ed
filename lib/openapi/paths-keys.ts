import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import { apiKeySchema, createdApiKeySchema, createKeySchema, rotateKeySchema } from "@/lib/keys/schemas";
import type { Endpoints } from "./operation";

// API keys are managed in a signed-in session only (an API key gets 403), with the settings
// permission (which the admin role holds).

export const keyEndpoints = {
  listApiKeys: {
    method: "GET",
    path: "/api/keys",
    auth: "session",
    permission: "settings",
    tag: "API keys",
    summary: "List API keys",
    description: "All keys of the district that are not revoked, newest first; expired keys are listed too (see `expires_at`). Never includes the key itself.",
    response: { description: "The keys.", schema: z.array(apiKeySchema) },
  },
  createApiKey: {
    method: "POST",
    path: "/api/keys",
    auth: "session",
    permission: "settings",
    body: createKeySchema,
    status: 201,
    tag: "API keys",
    summary: "Create an API key",
    description:
      "Returns the full key once; only a hash is stored. The key acts for the district with admin visibility, limited by its scopes. " +
      "Only a person holding an administrator role gives a key the `audit` scope (the audit trail is theirs to read).",
    response: { description: "The new key, including `key`.", schema: createdApiKeySchema },
    errors: { 403: "Or: `scopes` holds `audit` and the session's person holds no administrator role." },
  },
  rotateApiKey: {
    method: "POST",
    path: "/api/keys/{id}/rotate",
    auth: "session",
    permission: "settings",
    body: rotateKeySchema,
    tag: "API keys",
    summary: "Rotate an API key's secret",
    description:
      "Gives the key a new secret, returned once in `key` (as at creation; only a hash is stored). The key keeps its id, name, scopes and expiry. " +
      "The secret used until now keeps working for `grace_seconds` (0 to 604800, i.e. 7 days; 24 hours by default), listed in `previous_secrets` with its own " +
      "`last_used_at`, so that you can see when the systems using it have moved to the new one; after the grace period it is refused (401). " +
      "Rotating again during a grace period keeps each earlier secret until its own end. Revoking the key ends every secret at once. " +
      "The body may be empty (or absent) for the default grace period.",
    pathParams: { id: "The key's id." },
    response: { description: "The key with its new secret in `key`.", schema: createdApiKeySchema },
    errors: {
      403: "Or: the key has the `audit` scope and the session's person holds no administrator role.",
      409: "`conflict`: the key has expired (create a new one), or another rotation of it happened at the same moment.",
    },
  },
  revokeApiKey: {
    method: "DELETE",
    path: "/api/keys/{id}",
    auth: "session",
    permission: "settings",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "The key is refused (401) from the next request on, with every earlier secret still in its grace period.",
    pathParams: { id: "The key's id." },
    response: { description: "Revoked.", schema: okSchema },
  },
} satisfies Endpoints;
