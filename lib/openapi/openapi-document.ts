import "server-only";
import packageJson from "@/package.json";
import { env } from "@/lib/env";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_MS, IDEMPOTENT_METHODS } from "@/lib/http/idempotency";
import { buildOperation } from "./build-operation";
import { RESPONSE_SCHEMAS, REQUEST_SCHEMAS } from "./components";
import { documentDescription } from "./description";
import { SchemaConverter } from "./json-schema";
import { documentedOperations, TAGS } from "./operations";
import { applyRequestNotes } from "./request-notes";
import { buildWebhooks } from "./webhooks-section";

const errorResponse = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  ...extra,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Error responses shared by many operations (`#/components/responses`). */
const RESPONSES = {
  BadRequest: errorResponse(
    "`invalid_json`: the body is not valid JSON; or `validation_error`: the body, a query parameter (path `query.<name>`) or a multipart field does not fit — `details` lists each problem.",
  ),
  Unauthorized: errorResponse("`unauthorized`: no token, or an unknown, expired or revoked session token or API key."),
  NotFound: errorResponse("`not_found`: no such record in the caller's district, or one the caller may not see."),
  PayloadTooLarge: errorResponse("`payload_too_large`: the body exceeds the limit (1 MB for JSON, 25 MB for uploads by default)."),
  UnsupportedMediaType: errorResponse("`unsupported_media_type`: the body is not `application/json` (or `multipart/form-data` for an upload)."),
  TooManyRequests: errorResponse("`rate_limited`: this API key made too many requests this minute.", {
    headers: { "Retry-After": { description: "Seconds to wait before the next request.", schema: { type: "integer" } } },
  }),
  IdempotencyKeyReused: errorResponse(
    "`idempotency_key_reused`: this caller already used the `Idempotency-Key` within 24 hours for a different request (another method, path, query or body). Send a new key with a new request.",
  ),
};

/** `#/components/parameters`: the Idempotency-Key header of every POST and PATCH. */
const PARAMETERS = {
  IdempotencyKey: {
    name: IDEMPOTENCY_HEADER,
    in: "header",
    required: false,
    description:
      "Makes a retry safe: the first request with this key runs, and for 24 hours a retry with the same key and the same request replays its answer (status and body, with `Idempotent-Replayed: true`) instead of running again. See “Idempotent retries” above.",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
    example: "5f0c2f6e-7f57-4a53-9d7b-0d5c8f1b2a44",
  },
};

/** The rules the description states in words, as data for clients and /api/reference. */
const idempotencyRules = () => ({
  header: IDEMPOTENCY_HEADER,
  methods: IDEMPOTENT_METHODS,
  window_seconds: IDEMPOTENCY_WINDOW_MS / 1000,
  scope: "per API key, or per signed-in person",
  same_request: "replays the stored status and body (header Idempotent-Replayed: true)",
  other_request: 422,
  still_running: 409,
  stored: "every answer below 500",
});
const rateLimits = () => ({
  api_key_requests_per_minute: env().API_KEY_RATE_LIMIT_PER_MINUTE,
  scope: "per API key, across every app process (shared in PostgreSQL; in memory on the embedded database, which one process serves)",
  over_limit: 429,
  overload: 503,
});

const SECURITY_SCHEMES = {
  sessionToken: {
    type: "http",
    scheme: "bearer",
    description: "The session token of a signed-in person (browser sign-in by e-mail link, or `npm run admin -- session --email …`).",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description:
      "The browser's session cookie (`__Secure-next-auth.session-token` over HTTPS); same token as `sessionToken`. Used only when no Authorization header is sent.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "cas_…",
    description: "An API key (`cas_` + 43 characters). The listed role names are the scopes the key needs.",
  },
};

/** Assembles the OpenAPI 3.1 document from the endpoints' declarations (lib/openapi/paths-*.ts) and the domain's zod schemas. */
export function buildOpenApiDocument() {
  const schemas = new SchemaConverter({ input: REQUEST_SCHEMAS, output: RESPONSE_SCHEMAS });
  const operations = documentedOperations();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`Two operations for ${op.method.toUpperCase()} ${op.path}`);
    item[op.method] = buildOperation(op, schemas);
  }
  const webhooks = buildWebhooks(schemas);
  const components = schemas.finish();
  applyRequestNotes(components);
  return {
    openapi: "3.1.1",
    info: {
      title: "Credentials Administration Service API",
      version: packageJson.version,
      description: documentDescription(operations, { rateLimitPerMinute: env().API_KEY_RATE_LIMIT_PER_MINUTE }),
    },
    // Relative: the paths are served by whichever origin served this document.
    servers: [{ url: "/", description: "This service (the origin this document was read from)." }],
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    webhooks,
    components: {
      schemas: components,
      responses: RESPONSES,
      parameters: PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
    "x-idempotency": idempotencyRules(),
    "x-rate-limits": rateLimits(),
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let built: OpenApiDocument | undefined;

/** The document, built once per process (it depends on the code only). */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildOpenApiDocument());
}
