// `npm run lint:deps` (and CI): the import graph's rules, checked by dependency-cruiser.
// Type-only imports count (tsPreCompilationDeps): a cycle through types is still a knot to read.

/** Folders of lib that other code builds on and that know no domain: they import only each other, the settings and the logger. */
const LEAVES = "^lib/(errors|validation|ids|net|languages|media|storage|ai|tracing)/";

/**
 * The job queue's core (definitions and JobInfo, enqueue, the wake channel, pg-boss, the runner):
 * infrastructure only. Beside it in lib/jobs, the registry of handlers (handlers.ts) and the API's
 * view of a district's jobs (district-jobs.ts, which re-queues a failed recording step, and its
 * schemas.ts) know the domains.
 */
const JOBS_CORE = { path: "^lib/jobs/", pathNot: "^lib/jobs/(handlers|district-jobs|schemas)\\.ts$|\\.test\\.ts$" };
const INFRASTRUCTURE = [
  "^lib/jobs/",
  "^lib/db/",
  "^lib/env\\.ts$",
  "^lib/http/request-context\\.ts$",
  "^lib/logging/",
  "^lib/metrics/",
  "^lib/tracing/",
  "^lib/errors/",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle-in-lib",
      severity: "error",
      comment: "A module of lib is part of an import cycle: move the shared types to a types file, or the function to where it belongs.",
      from: { path: "^lib/" },
      to: { circular: true },
    },
    {
      name: "lib-never-imports-app-or-components",
      severity: "error",
      comment: "lib is what app/ and components/ build on; it never reaches up to them.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "leaves-import-no-domain",
      severity: "error",
      comment: "A leaf folder of lib (media, net, ids, errors, validation, …) imports only other leaves, lib/env.ts and lib/logging.",
      from: { path: LEAVES, pathNot: "\\.test\\.ts$" },
      to: { path: "^lib/", pathNot: [LEAVES, "^lib/env\\.ts$", "^lib/logging/"] },
    },
    {
      name: "jobs-core-imports-no-domain",
      severity: "error",
      comment: "The queue's core knows no domain: domains import lib/jobs, never the other way round (handlers.ts, the registry, is the exception).",
      from: JOBS_CORE,
      to: { path: "^lib/", pathNot: INFRASTRUCTURE },
    },
    {
      name: "job-registry-only-in-entry-points",
      severity: "error",
      comment:
        "lib/jobs/handlers.ts pulls in every job's work: only the processes that run workers import it (scripts/worker.ts, the test setup, benches, tests).",
      from: { pathNot: "^(scripts|tests|bench)/" },
      to: { path: "^lib/jobs/handlers\\.ts$" },
    },
  ],
  options: {
    // Prisma's generated client has cycles of its own; it is read, never changed.
    doNotFollow: { path: ["node_modules", "^lib/db/generated/"] },
    exclude: { path: "^(\\.next|node_modules|\\.data)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
