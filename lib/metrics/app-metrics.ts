import "server-only";
import client from "prom-client";
import { pool } from "@/lib/db/pool";
import { admissionLoad, admissionRefusals } from "@/lib/http/admission";
import { metric } from "./registry";

/** The admission gate (lib/http/admission.ts): its line, and what it refused. */
function admissionMetrics() {
  metric(
    "cas_admission_requests",
    (registers) =>
      new client.Gauge({
        name: "cas_admission_requests",
        help: "API requests at the admission gate now: working (holding a slot) or waiting in line.",
        labelNames: ["state"],
        registers,
        collect() {
          const { active, waiting } = admissionLoad();
          this.set({ state: "active" }, active);
          this.set({ state: "waiting" }, waiting);
        },
      }),
  );
  metric(
    "cas_admission_refusals_total",
    (registers) =>
      new client.Counter({
        name: "cas_admission_refusals_total",
        help: "API requests refused with 503 overloaded: as they arrived (line full or too slow) or after waiting their turn in vain.",
        labelNames: ["when"],
        registers,
        collect() {
          // A counter set from the gate's own tally: the gate counts in every copy of its module.
          const refused = admissionRefusals();
          this.reset();
          this.inc({ when: "arriving" }, refused.arriving);
          this.inc({ when: "waited" }, refused.waited);
        },
      }),
  );
}

/** The process's database pool (lib/db/pool.ts): connections open, in use, and callers waiting for one. */
export function poolMetrics() {
  metric(
    "cas_db_pool_connections",
    (registers) =>
      new client.Gauge({
        name: "cas_db_pool_connections",
        help: "The process's database connections: open (total), idle, in use, and callers waiting for one.",
        labelNames: ["state"],
        registers,
        collect() {
          if (!process.env.DATABASE_URL) return;
          const { totalCount, idleCount, waitingCount } = pool();
          this.set({ state: "total" }, totalCount);
          this.set({ state: "idle" }, idleCount);
          this.set({ state: "in_use" }, totalCount - idleCount);
          this.set({ state: "waiting" }, waitingCount);
        },
      }),
  );
}

/** What the app's process reports besides requests (lib/server/app-server.ts counts those). */
export function registerAppMetrics() {
  admissionMetrics();
  poolMetrics();
}
