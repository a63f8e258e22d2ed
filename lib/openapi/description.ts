import { SCOPES } from "@/lib/auth/permissions";
import { ERROR_STATUS } from "@/lib/http/errors";
import type { OperationSpec } from "./operation";

const endpoint = (op: OperationSpec) => `\`${op.method.toUpperCase()} ${op.path}\``;

/** Which operations each API-key scope opens, read from the operations themselves. */
function scopesTable(operations: readonly OperationSpec[]): string {
  const rows = SCOPES.map((scope) => {
    const ops = operations.filter(
      (op) => op.access.auth === "any" && ("scopeByPath" in op.access ? Object.values(op.access.scopeByPath).includes(scope) : op.access.scope === scope),
    );
    return `| \`${scope}\` | ${ops.map(endpoint).join(", ")} |`;
  });
  const sessionOnly = operations.filter((op) => op.access.auth === "session");
  return ["| scope | endpoints |", "|---|---|", ...rows, `| sessions only (an API key gets 403) | ${sessionOnly.map(endpoint).join(", ")} |`].join("\n");
}

const STATUS_MEANING: Record<string, string> = {
  invalid_json: "the body is not valid JSON",
  validation_error: "the body, a query parameter or a multipart field does not fit; `details` lists each problem with its `path`",
  unauthorized: "no token, or an unknown, expired or revoked session token or API key",
  forbidden: "a permission or scope is missing, or an API key calls an endpoint for sessions only",
  not_found: "an unknown id, a record of another district, or one the caller may not see (never 403 for these)",
  conflict: "the change clashes with existing data (duplicate e-mail or tag name, a role still held, a form in use…)",
  payload_too_large: "the body exceeds the size limit",
  unsupported_media_type: "the body is not sent as `application/json` (or `multipart/form-data` for uploads), or an upload has a refused type",
  idempotency_key_reused: "the `Idempotency-Key` was already used by this caller for a different request (another method, path, query or body) within 24 hours",
  rate_limited: "too many requests with this API key; wait the seconds given by the `Retry-After` header",
  internal: "an unexpected failure on the service's side (the body never holds a stack trace)",
};

function statusesTable(): string {
  return [
    "| status | code | when |",
    "|---|---|---|",
    ...Object.entries(ERROR_STATUS).map(([code, status]) => `| ${status} | \`${code}\` | ${STATUS_MEANING[code] ?? ""} |`),
  ].join("\n");
}

/** `info.description`: what an integrator reads first. */
export function documentDescription(operations: readonly OperationSpec[], limits: { rateLimitPerMinute: number }): string {
  return `The Credentials Administration Service manages the records of a district: its people, their files, roles and tags, and the candidates' board interviews (form answers, recordings, attachments). Every record belongs to one district; a caller only ever reaches its own district's records.

It serves people (also as CSV, in and out), their files, roles, tags, interviews (with forms, boards and profiles, recordings, transcripts and summaries), conversations and messages, and API keys. A readable version of this document is served at \`/api/reference\`.

All paths are relative to the service's base URL. Request and response bodies are JSON (\`Content-Type: application/json\`) unless an operation says otherwise (uploads are \`multipart/form-data\`, files are served as they were stored).

## Authentication

Every request except this document carries \`Authorization: Bearer <token>\`, where the token is either

- a **session token**: the token of a signed-in browser session (sign-in by e-mail link; the browser sends it as the next-auth session cookie, which the service accepts too). Operators can mint one with \`npm run admin -- session --email <address>\`. \`DELETE /api/me\` signs it out; archiving the person revokes all their sessions. A session can do what the person's roles allow: the admin role holds every permission (\`people:edit\`, \`interviews:edit\`, \`settings\`); other roles hold the permissions listed on them.
- an **API key**: \`cas_\` followed by 43 characters (32 random bytes), created with \`POST /api/keys\` in a session with the \`settings\` permission. The full key is returned once; the service stores only a hash and shows its last 4 characters as \`hint\`. A key acts for its district with admin visibility, limited by its scopes; permissions do not apply to keys. A revoked or expired key is refused with 401 at once. Each key may make a limited number of requests per minute (see “Rate limits”), beyond which it gets 429 with \`Retry-After\`. A key's secret can be rotated (\`POST /api/keys/{id}/rotate\`): the old secret keeps working for a grace period you choose, so systems switch without an outage.

Each operation states who may call it, in its description and in extension fields: \`x-api-key-scope\` (the scope an API key needs; \`sessions-only\` when keys are refused; \`none\` for a public operation; for \`/files/{path}\` a map from the path's area to the scope) and \`x-permission\` (the permission a session needs, when one is needed); \`x-role-kind: admin\` marks what only a person holding an administrator role may do in a session, whatever their permissions (the audit trail).

### API-key scopes

${scopesTable(operations)}

## Visibility

Records of another district, and records the caller may not see, answer 404 (not 403). Admins, board members and API keys see the whole district. People editors and settings holders see every person. A mentor sees themself and their assigned candidates, and the published interviews of those candidates. A candidate sees themself and their own published interviews. Form fields marked private (\`p: 1\`) and their answers are shown to staff only (admins, board members, interview editors, API keys).

## Conventions

- Ids are opaque strings (letters, digits, \`_\`, \`-\`; at most 64 characters).
- Timestamps (\`created_at\`, \`updated_at\`, \`last_used_at\`, \`expires_at\`) are **integers, milliseconds since the Unix epoch**. Interview dates are strings \`YYYY-MM-DD\`.
- Flags (\`archived\`, \`published\`, a checkbox answer, a private field's \`p\`) are **integers, 0 or 1**, never booleans. (\`GET /api/me\` reports \`staff\` and \`sees_all_interviews\` as booleans.)
- A **multilingual text** is an object mapping a BCP 47 language code to the text in that language, e.g. \`{"en": "Yes", "es": "Sí"}\`.
- A nullable field is always present (with \`null\`); an optional field may be absent (its description says when it is present).
- \`PATCH\` changes only the fields sent and returns the updated resource in its single-result shape. \`DELETE\` and actions (invite, sign out) return \`{"ok": true}\`. Creations answer 201.
- File URLs (\`url\`, \`avatar_url\`, \`photo_url\`) point at \`{base_url}/files/…\` and are fetched with the same Authorization header.
- There is no version segment in the paths. Fields may be added to responses without notice: clients must ignore fields they do not know.

## Idempotent retries

Every \`POST\` and \`PATCH\` takes an optional \`Idempotency-Key\` header (1 to 255 visible ASCII characters, e.g. a UUID): send a new key with each new request, and the same key when you retry it after a timeout or a lost connection.

- The first request with a key runs. For **24 hours**, a retry with the same key and the **same request** (method, path, query and body; a multipart body without its boundary, so a re-encoded form is the same) **replays the first answer**, status and body alike, with the header \`Idempotent-Replayed: true\`, and does nothing again.
- The same key with **another request** answers **422** \`idempotency_key_reused\`.
- The same key while the first request is **still running** answers **409** \`conflict\` with \`Retry-After: 1\`.
- Keys belong to their caller: an API key's are its own, a signed-in person's are shared by their sessions; another caller's identical key is unrelated.
- Every answer below 500 is kept for replay (a 400 or a 409 too: the same request would get it again); a 5xx is not, so its retry runs again. Keys are kept in the database, so several app processes behave as one.
- \`GET\`, \`PUT\` and \`DELETE\` are idempotent already and ignore the header.

## Rate limits

- Each API key may make **${limits.rateLimitPerMinute} requests per minute**, counted across every app process: on PostgreSQL the counters are shared in the database, and the embedded database is served by one process, which counts in memory (should the shared counters be unreachable, each process counts on its own meanwhile). Beyond, **429** \`rate_limited\` with \`Retry-After\` (seconds). Sessions are not rate-limited.
- Each app process works on a bounded number of requests at once and queues a few more; beyond, or after waiting too long, **503** \`overloaded\` with \`Retry-After: 1\`, before any work is done, so the retry is safe.
- While the database cannot be reached (restarting, failing over), **503** \`unavailable\` with \`Retry-After: 5\`: try again. A write whose connection was lost as it committed may have been done, so send POST and PATCH with an \`Idempotency-Key\` to retry them safely.
- Sizes: a JSON body up to 1 MB, an upload up to 25 MB, a photo up to 5 MB, a people import up to 100,000 rows and 20 MiB (413 beyond).

## Errors

Every error has the body \`{"error": {"code": "<snake_case>", "message": "<sentence>", "details": [{"path": "email", "message": "…"}]}}\`; \`details\` is present on validation errors (and some conflicts) only. Each code has one status:

${statusesTable()}`;
}
