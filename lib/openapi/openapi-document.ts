import packageJson from "@/package.json";
import { buildOperation } from "./build-operation";
import { RESPONSE_SCHEMAS, REQUEST_SCHEMAS } from "./components";
import { documentDescription } from "./description";
import { SchemaConverter } from "./json-schema";
import { OPERATIONS, TAGS } from "./operations";
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
};

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
    description: "The browser's session cookie (`__Secure-next-auth.session-token` over HTTPS); same token as `sessionToken`. Used only when no Authorization header is sent.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "cas_…",
    description: "An API key (`cas_` + 43 characters). The listed role names are the scopes the key needs.",
  },
};

/** Assembles the OpenAPI 3.1 document from the operation records and the domain's zod schemas. */
export function buildOpenApiDocument() {
  const schemas = new SchemaConverter({ input: REQUEST_SCHEMAS, output: RESPONSE_SCHEMAS });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
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
      description: documentDescription(OPERATIONS),
    },
    tags: TAGS.map((t) => ({ ...t })),
    paths,
    webhooks,
    components: {
      schemas: components,
      responses: RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let built: OpenApiDocument | undefined;

/** The document, built once per process (it depends on the code only). */
export function openApiDocument(): OpenApiDocument {
  return (built ??= buildOpenApiDocument());
}
