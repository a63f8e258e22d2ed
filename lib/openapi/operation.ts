import type { z } from "zod";
import type { Permission, Scope } from "@/lib/auth/permissions";
import type { RouteDeclaration } from "@/lib/http/declaration";

/** Who may call an operation, as its declaration says (`auth`, `scope`, `permission`, `roleKind`). */
export type Access =
  /** No authentication (the document itself). */
  | { auth: "public" }
  /** `auth: "session"`: API keys are refused with 403. */
  | { auth: "session"; permission?: Permission; roleKind?: "admin" }
  /** `scope`: sessions (with `permission` and `roleKind`, if any) or API keys holding `scope`. */
  | { auth: "any"; scope: Scope; permission?: Permission; roleKind?: "admin" }
  /** `scope: { of, byPath, rule }`: the scope depends on the path; `scopeRule` says how. */
  | { auth: "any"; scopeByPath: Record<string, Scope>; scopeRule: string };

export type HttpMethod = "get" | "put" | "post" | "patch" | "delete";

/** Error statuses an operation may add or describe more precisely than the defaults. */
export type ErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 416 | 503;

type DocumentedResponse =
  | { description: string; schema: z.ZodType; headers?: Record<string, string> }
  /** A file: any content type (or the one named), described in words. */
  | { description: string; binary: true; contentType?: string; headers?: Record<string, string> };

/**
 * The words of one operation: summary, description, the answer's schema. Described with the
 * same zod schemas the serializers use; the API tests parse real responses with them.
 */
type OperationDocs = {
  tag: string;
  summary: string;
  /** Markdown; the access rules are appended by the builder. */
  description?: string;
  /** Description of each `{param}` of the path. */
  pathParams?: Record<string, string>;
  /** Descriptions (and an example) of the query parameters. */
  queryDocs?: Record<string, { description: string; example?: string | number }>;
  /** The fields a `multipart: true` route reads from its form (documented here, read by hand in the handler). */
  multipart?: z.ZodObject;
  /** A raw body the route also takes, by content type (the import's `text/csv`), described in words. */
  rawBody?: { contentType: string; description: string };
  response: DocumentedResponse;
  /** Other answers that are not the error body: health's 503 in the success's shape, a file's 206 (bytes) and 416 (no body). */
  otherResponses?: Record<
    number,
    | { description: string; schema: z.ZodType }
    | { description: string; binary: true; headers?: Record<string, string> }
    | { description: string; empty: true; headers?: Record<string, string> }
  >;
  /** Operation-specific error descriptions (a 403 text is added to the generated one); 409 is only documented where given here. */
  errors?: Partial<Record<ErrorStatus, string>>;
};

/**
 * One endpoint, declared once: where it is, who may call it, what it takes (what the wrapper
 * enforces, lib/http/route.ts), and its words. Its route file binds a handler to it.
 */
export type Endpoint = RouteDeclaration & OperationDocs;

/** A paths-*.ts file's endpoints, by operationId, in the order of the document. */
export type Endpoints = Record<string, Endpoint>;

/**
 * One operation of the document, as `build-operation.ts` reads it to make an OpenAPI
 * operation object: an endpoint with its access worked out.
 */
export type OperationSpec = Omit<OperationDocs, "response"> & {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template: `/api/people/{id}`. */
  path: string;
  access: Access;
  /** The declared `query` schema; each property becomes a query parameter. */
  query?: z.ZodObject;
  /** The declared `body` schema (JSON). */
  body?: z.ZodType;
  response: DocumentedResponse & { status: number };
};
