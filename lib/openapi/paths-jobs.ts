import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import { jobSchema, listJobsQuery } from "@/lib/jobs/schemas";
import type { Endpoints } from "./operation";

// The district's durable jobs are an administrator's concern: sessions with the settings permission.

export const jobEndpoints = {
  listJobs: {
    method: "GET",
    path: "/api/jobs",
    auth: "session",
    permission: "settings",
    query: listJobsQuery,
    tag: "Jobs",
    summary: "List the district's jobs",
    description:
      "Durable jobs of the district (recording steps, message translations), newest first, at most 200: by default the dead ones (out of retries, or failed for good), " +
      "which `POST /api/jobs/{id}/retry` runs again. Jobs of no district (the chunk sweep, e-mails) are the operator's: see docs/operations.md.",
    queryDocs: {
      state: {
        description: "`failed` (default: dead, out of retries or failed for good), `active` (running) or `queued` (waiting, or waiting to retry).",
        example: "failed",
      },
    },
    response: { description: "The jobs.", schema: z.array(jobSchema) },
  },
  retryJob: {
    method: "POST",
    path: "/api/jobs/{id}/retry",
    auth: "session",
    permission: "settings",
    tag: "Jobs",
    summary: "Run a dead job again",
    description: "The job is queued again with one more attempt allowed; a recording step shows `queued` at once.",
    pathParams: { id: "The job's id." },
    response: { description: "Queued again.", schema: okSchema },
    errors: { 404: "`not_found`: no dead job of the district has this id." },
  },
} satisfies Endpoints;
