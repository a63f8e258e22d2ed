import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import { operations } from "./operation";

/** The top of an OpenAPI document: what a client can rely on; the rest is the OpenAPI 3.1 format. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string().describe("`3.1.x`."),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});

/** This document (app/api/openapi.json/route.ts): public, it holds no data. */
export const referenceOperations = operations([
  {
    method: "get",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Reference",
    summary: "This API reference",
    description:
      "The OpenAPI 3.1 document of the service, built from the same zod schemas that validate requests and shape responses. " +
      "No authentication; responses carry `Cache-Control: public, max-age=300`.",
    access: { auth: "public" },
    response: { status: 200, description: "The OpenAPI document.", schema: openApiDocumentSchema },
  },
  {
    method: "get",
    path: "/api/health",
    operationId: "getHealth",
    tag: "Reference",
    summary: "Liveness check",
    description: "Answers `{ ok: true }` while the app process serves requests. No authentication, no database work; `Cache-Control: no-store`.",
    access: { auth: "public" },
    response: { status: 200, description: "The app is up.", schema: okSchema },
  },
]);
