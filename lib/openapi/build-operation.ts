import { z } from "zod";
import { idSchema } from "@/lib/ids/id-schemas";
import type { JsonSchema, SchemaConverter } from "./json-schema";
import type { Access, ErrorStatus, OperationSpec } from "./operation";

/** Shared error responses (`#/components/responses/<name>`), used where an operation says nothing more specific. */
const ERROR_RESPONSE_NAMES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  404: "NotFound",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  422: "IdempotencyKeyReused",
  429: "TooManyRequests",
};

const errorContent = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** Methods that take an Idempotency-Key (lib/http/idempotency.ts). */
const IDEMPOTENT = new Set(["post", "patch"]);
const IDEMPOTENCY_409 = "`conflict` with `Retry-After: 1`: a request with the same `Idempotency-Key` is still being processed.";

const headerObjects = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));

const code = (c: string) => `\`${c}\``;

/** Words for who may call the operation, appended to its description. */
const responseHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]));

function accessText(access: Access): string {
  const kind = roleKindOf(access);
  return baseAccessText(access) + (kind ? ` A session needs a role of the ${code(kind)} kind: no permission is enough.` : "");
}

function baseAccessText(access: Access): string {
  switch (access.auth) {
    case "public":
      return "**Access:** public, no authentication.";
    case "session":
      return (
        "**Access:** a signed-in session only; API keys get 403." +
        (access.permission ? ` The session needs the ${code(access.permission)} permission (the admin role holds every permission).` : "")
      );
    case "any":
      if ("scopeByPath" in access) return `**Access:** a signed-in session, or an API key with the scope the path needs. ${access.scopeRule}`;
      return (
        `**Access:** a signed-in session, or an API key with the ${code(access.scope)} scope.` +
        (access.permission
          ? ` A session needs the ${code(access.permission)} permission (the admin role holds every permission); an API key is limited by its scopes only.`
          : "")
      );
  }
}

/** The permission a session needs, if any. */
const permissionOf = (access: Access) => ("permission" in access ? access.permission : undefined);

/** The kind of role a session needs, if any. */
const roleKindOf = (access: Access) => ("roleKind" in access ? access.roleKind : undefined);

/** What a 403 means for this operation. */
function forbiddenText(access: Access): string {
  const parts: string[] = [];
  if (access.auth === "session") parts.push("the request uses an API key (this endpoint is for sessions only)");
  if (access.auth === "any")
    parts.push("scopeByPath" in access ? "an API key lacks the scope the path needs" : `an API key lacks the ${code(access.scope)} scope`);
  const permission = permissionOf(access);
  if (permission) parts.push(`a session lacks the ${code(permission)} permission`);
  const roleKind = roleKindOf(access);
  if (roleKind) parts.push(`a session's person holds no ${code(roleKind)}-kind role`);
  return `${code("forbidden")}: ${parts.join("; or ")}.`;
}

/** The `security` requirement: alternatives, any one of which is enough. */
function security(access: Access) {
  if (access.auth === "public") return [];
  const sessions = [{ sessionToken: [] }, { sessionCookie: [] }];
  if (access.auth === "session") return sessions;
  // The scope a key needs is in `x-api-key-scope`: a bearer scheme declares no scopes to list here.
  return [...sessions, { apiKey: [] }];
}

/** `x-api-key-scope`: the scope an API key needs, "sessions-only", "none" (public) or, by path, a map. */
function scopeExtension(access: Access) {
  if (access.auth === "public") return "none";
  if (access.auth === "session") return "sessions-only";
  return "scopeByPath" in access ? access.scopeByPath : access.scope;
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
}

/** True when zod accepts the property's absence (optional or defaulted). */
const isOptional = (schema: z.ZodType) => Boolean((schema as { _zod: { optin?: string } })._zod.optin);

/** The error statuses that apply to an operation, each with an operation-specific description if it has one. */
export function errorStatuses(op: OperationSpec): number[] {
  const statuses = new Set<number>();
  const takesBody = Boolean(op.body || op.multipart || op.rawBody);
  if (takesBody || op.query) statuses.add(400);
  if (op.access.auth !== "public") statuses.add(401).add(403);
  if (pathParamNames(op.path).length) statuses.add(404);
  if (takesBody) statuses.add(413).add(415);
  if (op.access.auth === "any") statuses.add(429);
  if (IDEMPOTENT.has(op.method)) statuses.add(409).add(422);
  for (const status of Object.keys(op.errors ?? {})) statuses.add(Number(status));
  return [...statuses].sort((a, b) => a - b);
}

/** One OpenAPI operation object from an operation record. */
export function buildOperation(op: OperationSpec, schemas: SchemaConverter) {
  const parameters: Record<string, unknown>[] = [];
  for (const name of pathParamNames(op.path)) {
    const description = op.pathParams?.[name];
    if (!description) throw new Error(`${op.operationId}: path parameter {${name}} has no description`);
    const schema: JsonSchema = name === "path" ? { type: "string" } : schemas.use(idSchema, "input");
    parameters.push({ name, in: "path", required: true, description, schema });
  }
  for (const [name, schema] of Object.entries(op.query?.shape ?? {}) as [string, z.ZodType][]) {
    const doc = op.queryDocs?.[name];
    if (!doc) throw new Error(`${op.operationId}: query parameter ${name} has no description`);
    parameters.push({
      name,
      in: "query",
      required: !isOptional(schema),
      description: doc.description,
      schema: schemas.use(schema, "input"),
      ...(doc.example ? { example: doc.example } : {}),
    });
  }

  if (IDEMPOTENT.has(op.method)) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });

  let requestBody: Record<string, unknown> | undefined;
  if (op.body) {
    requestBody = {
      // An empty body reads as {}: it is required only when {} is not valid.
      required: !op.body.safeParse({}).success,
      content: { "application/json": { schema: schemas.use(op.body, "input") } },
    };
  } else if (op.multipart) {
    requestBody = { required: true, content: { "multipart/form-data": { schema: schemas.use(op.multipart, "input") } } };
  }
  if (op.rawBody) {
    const raw = { [op.rawBody.contentType]: { schema: { type: "string", description: op.rawBody.description } } };
    requestBody = { required: true, content: { ...raw, ...((requestBody?.content as object) ?? {}) } };
  }

  const success = op.response;
  const responses: Record<string, unknown> = {
    [success.status]:
      "schema" in success
        ? {
            description: success.description,
            ...(success.headers ? { headers: responseHeaders(success.headers) } : {}),
            content: { "application/json": { schema: schemas.use(success.schema, "output") } },
          }
        : {
            description: success.description,
            headers: responseHeaders(success.headers ?? {}),
            content: { [success.contentType ?? "*/*"]: { schema: success.contentType ? { type: "string" } : {} } },
          },
  };
  for (const [status, other] of Object.entries(op.otherResponses ?? {})) {
    if ("schema" in other) {
      responses[status] = { description: other.description, content: { "application/json": { schema: schemas.use(other.schema, "output") } } };
    } else {
      responses[status] = {
        description: other.description,
        headers: headerObjects(other.headers),
        ...("binary" in other ? { content: { "*/*": { schema: {} } } } : {}),
      };
    }
  }

  for (const status of errorStatuses(op)) {
    const given = op.errors?.[status as ErrorStatus];
    // A 403 always says what access the operation needs; an operation's own text adds to it.
    let specific = status === 403 ? [forbiddenText(op.access), given].filter(Boolean).join(" ") : given;
    if (status === 409 && IDEMPOTENT.has(op.method)) specific = [given, IDEMPOTENCY_409].filter(Boolean).join(" Or: ");
    if (specific) responses[status] = { description: specific, content: errorContent };
    else if (ERROR_RESPONSE_NAMES[status]) responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSE_NAMES[status]}` };
    else throw new Error(`${op.operationId}: no description for status ${status}`);
  }

  const description = [op.description, accessText(op.access)].filter(Boolean).join("\n\n");
  return {
    tags: [op.tag],
    summary: op.summary,
    description,
    operationId: op.operationId,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: security(op.access),
    "x-api-key-scope": scopeExtension(op.access),
    ...(IDEMPOTENT.has(op.method) ? { "x-idempotent": true } : {}),
    ...(permissionOf(op.access) ? { "x-permission": permissionOf(op.access) } : {}),
    ...(roleKindOf(op.access) ? { "x-role-kind": roleKindOf(op.access) } : {}),
  };
}
