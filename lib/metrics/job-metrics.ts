import "server-only";
import client from "prom-client";
import { pool } from "@/lib/db/pool";
import { env } from "@/lib/env";
import { metric } from "./registry";

const durations = () =>
  metric(
    "cas_job_duration_seconds",
    (registers) =>
      new client.Histogram({
        name: "cas_job_duration_seconds",
        help: "Time a job's run took, by queue and outcome (completed, or failed: to be retried, or dead when it was the last attempt).",
        labelNames: ["queue", "outcome"],
        buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800, 7200],
        registers,
      }),
  );

/** Counts one run of a job (lib/jobs/run-workers.ts), its duration and how it ended. */
export function observeJob(queue: string, outcome: "completed" | "retry" | "dead", seconds: number) {
  durations().observe({ queue, outcome }, seconds);
}

/** pg-boss's states as the service names them (Settings → Background jobs). */
const STATES: Record<string, string> = { created: "queued", retry: "queued", active: "active", failed: "failed" };

/**
 * Jobs in the queue tables now, by queue and state (queued, active, failed: dead, kept for an
 * admin to see and retry), read when Prometheus scrapes, in one grouped count. The tables are the
 * service's, shared by every process: aggregate this gauge across instances with max(), not sum().
 */
export function registerJobQueueMetrics() {
  durations();
  metric(
    "cas_jobs",
    (registers) =>
      new client.Gauge({
        name: "cas_jobs",
        help: "Jobs in the service's queues now, by queue and state (queued, active, failed). One value for the whole service: use max() across processes.",
        labelNames: ["queue", "state"],
        registers,
        async collect() {
          this.reset();
          try {
            const { rows } = await pool().query<{ name: string; state: string; n: number }>(
              `select name, state::text as state, count(*)::int as n from "${env().JOBS_SCHEMA}".job where state in ('created', 'retry', 'active', 'failed') group by 1, 2`,
            );
            for (const row of rows) this.inc({ queue: row.name, state: STATES[row.state] }, row.n);
          } catch {
            // No queue tables yet, or no database just now: the other metrics are still served.
          }
        },
      }),
  );
}
