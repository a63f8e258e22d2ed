/** Shapes of …/scorecards: the server's own schemas' types (type-only, nothing server-side is bundled). */
export type { Scorecard } from "@/lib/scorecards/schemas";
export type { Tally } from "@/lib/interviews/schemas";
