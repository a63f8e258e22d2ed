import { z } from "zod";
import { timestampSchema } from "@/lib/http/schemas";

export const listJobsQuery = z.object({
  state: z
    .enum(["failed", "active", "queued"])
    .default("failed")
    .describe("`failed` (dead: out of retries, or failed for good), `active` (running), `queued` (waiting, or waiting to retry)."),
});

export const jobSchema = z
  .object({
    id: z.string(),
    queue: z.string().describe('What the job does: "recording-transcribe", "message-translate", …'),
    state: z.enum(["failed", "active", "queued"]),
    attempts: z.int().describe("Runs so far."),
    retry_limit: z.int().describe("Retries allowed after the first run."),
    error: z.string().nullable().describe("Why the last run failed."),
    recording_id: z.string().nullable().describe("The recording it works on, if any."),
    message_id: z.string().nullable().describe("The message it works on, if any."),
    created_at: timestampSchema,
    updated_at: timestampSchema.describe("When it last started or ended."),
  })
  .describe("A durable job of the district.");

export type JobView = z.infer<typeof jobSchema>;
export type ListJobsQuery = z.infer<typeof listJobsQuery>;
