import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import { createKeySchema } from "@/lib/keys/schemas";
import { apiKeySchema, createdApiKeySchema } from "@/lib/keys/schemas";
import { operations } from "./operation";

// API keys are managed in a signed-in session only (an API key gets 403), with the settings
// permission (which the admin role holds).

const settings = { auth: "session", permission: "settings" } as const;

export const keyOperations = operations([
  {
    method: "get",
    path: "/api/keys",
    operationId: "listApiKeys",
    tag: "API keys",
    summary: "List API keys",
    description: "All keys of the district that are not revoked, newest first; expired keys are listed too (see `expires_at`). Never includes the key itself.",
    access: settings,
    response: { status: 200, description: "The keys.", schema: z.array(apiKeySchema) },
  },
  {
    method: "post",
    path: "/api/keys",
    operationId: "createApiKey",
    tag: "API keys",
    summary: "Create an API key",
    description: "Returns the full key once; only a hash is stored. The key acts for the district with admin visibility, limited by its scopes.",
    access: settings,
    body: createKeySchema,
    response: { status: 201, description: "The new key, including `key`.", schema: createdApiKeySchema },
  },
  {
    method: "delete",
    path: "/api/keys/{id}",
    operationId: "revokeApiKey",
    tag: "API keys",
    summary: "Revoke an API key",
    description: "The key is refused (401) from the next request on.",
    access: settings,
    pathParams: { id: "The key's id." },
    response: { status: 200, description: "Revoked.", schema: okSchema },
  },
]);
