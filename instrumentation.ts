/**
 * Next.js runs `register` once when a server process starts. The Node.js server starts the
 * periodic clean-up of recording chunks that were never finalized (CHUNK_TTL_HOURS): see
 * lib/audio/sweep-stale-chunks.ts.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startChunkSweeper } = await import("./lib/audio/sweep-stale-chunks");
    startChunkSweeper();
  }
}
