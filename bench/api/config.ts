/** `npm run bench:api`'s knobs (see bench/api.ts) and where its app and floor server listen. */
export const PORT = Number(process.env.BENCH_PORT ?? 3200);
export const FLOOR_PORT = PORT + 1;
export const DATA_DIR = ".data-bench";
export const DIST_DIR = ".next-bench";
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 2);
export const ONLY = process.env.BENCH_CASES?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
/** How many times the selected cases run, in turn (health, person, floor, health, …): the ratios are then the median of the rounds. */
export const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
