import { z } from "zod";
import { serviceHealthSchema } from "@/lib/health/service-health-schema";
import { okSchema } from "@/lib/http/schemas";
import type { Endpoints } from "./operation";

/** The top of an OpenAPI document: what a client can rely on; the rest is the OpenAPI 3.1 format. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string().describe("`3.1.x`."),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

/** This document (app/api/openapi.json/route.ts): public, it holds no data. */
export const referenceEndpoints = {
  getOpenApiDocument: {
    method: "GET",
    path: "/api/openapi.json",
    auth: "public",
    tag: "Reference",
    summary: "This API reference",
    description:
      "The OpenAPI 3.1 document of the service, built from the same zod schemas that validate requests and shape responses. " +
      "No authentication; responses carry `Cache-Control: public, max-age=300`.",
    response: { description: "The OpenAPI document.", schema: openApiDocumentSchema },
  },
  getApiReferencePage: {
    method: "GET",
    path: "/api/reference",
    auth: "public",
    tag: "Reference",
    summary: "This API reference, as a page",
    description:
      "The OpenAPI document as HTML pages for people to read. This one: the rules at a glance, every endpoint in one table with its session permission, API-key scope and whether it takes an Idempotency-Key, " +
      "and the overview (authentication, the error shape, idempotency, rate limits). Each section (`/api/reference/{section}`) has one tag's endpoints in full, the schemas, or the webhook events. " +
      "Rendered on the server without any script, in the reader's interface language (English or Spanish; the descriptions are English). No authentication.",
    response: {
      description: "The page.",
      binary: true,
      contentType: "text/html",
      headers: { "Content-Security-Policy": "No script, the page's one style block by its hash, nothing from other origins." },
    },
  },
  getApiReferenceSection: {
    method: "GET",
    path: "/api/reference/{section}",
    auth: "public",
    tag: "Reference",
    summary: "A section of the API reference page",
    description:
      "One tag's endpoints in full (its name in lower case, words joined by `-`: `people`, `api-keys`…) with parameters, bodies and answers; `schemas`; or `webhook-events`, the events the service sends. Linked from `/api/reference`.",
    pathParams: { section: "`schemas`, `webhook-events`, or a tag's name in lower case with words joined by `-`." },
    response: { description: "The page.", binary: true, contentType: "text/html", headers: { "Content-Security-Policy": "As `/api/reference`." } },
  },
  getHealth: {
    method: "GET",
    path: "/api/health",
    auth: "public",
    tag: "Reference",
    summary: "Readiness: each part of the service",
    description:
      "Checks every part the service needs, at once: the database, the realtime (Pusher-protocol) server, file storage and mail. " +
      "200 when all work, 503 (same shape) while any is down, so that a load balancer or an orchestrator can act on it. " +
      "No authentication; it says only whether each part works, what was checked and the kind of failure, never an address or a secret. " +
      "`Cache-Control: no-store`. Each check has a short timeout (at most 3 s); SMTP and hosted Pusher answers are cached briefly.",
    response: { description: "Every part works.", schema: serviceHealthSchema },
    otherResponses: { 503: { description: "At least one part is down: `ok` is false, and that part says why.", schema: serviceHealthSchema } },
  },
  getLiveness: {
    method: "GET",
    path: "/api/health/live",
    auth: "public",
    tag: "Reference",
    summary: "Liveness: the app process answers",
    description:
      "Answers `{ ok: true }` while the app process serves requests: no authentication, no database or other work; `Cache-Control: no-store`. " +
      "`npm start` probes it to know the app part is up.",
    response: { description: "The app process is up.", schema: okSchema },
  },
} satisfies Endpoints;
