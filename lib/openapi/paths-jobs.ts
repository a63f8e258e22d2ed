import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import { jobSchema } from "@/lib/jobs/schemas";
import { operations } from "./operation";

// The district's durable jobs are an administrator's concern: sessions with the settings permission.

export const jobOperations = operations([
  {
    operationId: "listJobs",
    tag: "Jobs",
    summary: "List the district's jobs",
    description:
      "Durable jobs of the district (recording steps, message translations), newest first, at most 200: by default the dead ones (out of retries, or failed for good), " +
      "which `POST /api/jobs/{id}/retry` runs again. Jobs of no district (the chunk sweep, e-mails) are the operator's: see the README's Jobs section.",
    queryDocs: {
      state: { description: "`failed` (default: dead, out of retries or failed for good), `active` (running) or `queued` (waiting, or waiting to retry).", example: "failed" },
    },
    response: { description: "The jobs.", schema: z.array(jobSchema) },
  },
  {
    operationId: "retryJob",
    tag: "Jobs",
    summary: "Run a dead job again",
    description: "The job is queued again with one more attempt allowed; a recording step shows `queued` at once.",
    pathParams: { id: "The job's id." },
    response: { description: "Queued again.", schema: okSchema },
    errors: { 404: "`not_found`: no dead job of the district has this id." },
  },
]);
