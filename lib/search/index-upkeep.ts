import "server-only";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { db } from "@/lib/db/client";
import { indexedVersion, recordIndexedVersion, SEARCH_INDEX_VERSION } from "./backfill-index";
import { queuePendingTranscripts } from "./index-recording";

/** Whether this process saw the index filled to the code's version (then it stops asking). */
let filled = false;

/**
 * The workers' periodic upkeep of the search index (lib/jobs/handlers.ts): transcripts that
 * changed are handed to their jobs, and an index not filled to the code's version (a new
 * database, or a new version) gets one "search-backfill" job for the cluster (a singleton:
 * processes asking at once join the same job). Nothing here blocks start. A database without a
 * district yet (a fresh install) has nothing to index again: the triggers index every row as it
 * is written, so it is recorded as filled without a job (which, queued anyway, would re-index a
 * large district seeded or restored right after start, holding the embedded database for minutes).
 */
export async function searchIndexUpkeep() {
  if (!filled) {
    const version = await indexedVersion();
    if (version >= SEARCH_INDEX_VERSION) filled = true;
    else if (!(await db().district.findFirst({ select: { id: true } }))) {
      await recordIndexedVersion(SEARCH_INDEX_VERSION);
      filled = true;
    } else await enqueueJob("search-backfill", { version: SEARCH_INDEX_VERSION }, { singletonKey: `search-backfill-${SEARCH_INDEX_VERSION}` });
  }
  await queuePendingTranscripts();
}
