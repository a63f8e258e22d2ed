import "server-only";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { indexedVersion, SEARCH_INDEX_VERSION } from "./backfill-index";
import { queuePendingTranscripts } from "./index-recording";

/** Whether this process saw the index filled to the code's version (then it stops asking). */
let filled = false;

/**
 * The workers' periodic upkeep of the search index (lib/jobs/handlers.ts): transcripts that
 * changed are handed to their jobs, and an index not filled to the code's version (rows written
 * before the index existed, or a new version) gets one "search-backfill" job for the cluster (a
 * singleton: processes asking at once join the same job). Nothing here blocks start. A fresh
 * database is recorded as filled when its first district is created
 * (recordIndexFilledIfFirstDistrict).
 */
export async function searchIndexUpkeep() {
  if (!filled) {
    const version = await indexedVersion();
    if (version >= SEARCH_INDEX_VERSION) filled = true;
    else await enqueueJob("search-backfill", { version: SEARCH_INDEX_VERSION }, { singletonKey: `search-backfill-${SEARCH_INDEX_VERSION}` });
  }
  await queuePendingTranscripts();
}
