import "server-only";
import type pg from "pg";

/**
 * Every storage key the database refers to: the files a backup must hold. Read in the dump's own
 * snapshot, so the archive's files match its rows. (lib/retention/sweep-district.ts and
 * lib/interviews/stored-keys.ts name the same columns when they delete.)
 */
export async function storedFileKeys(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ key: string }>(`
    -- all districts: a backup holds every district's files
    select avatar_key as key from people where avatar_key is not null
    union select storage_key from person_files
    union select storage_key from interview_files
    union select storage_key from audio_recordings where storage_key is not null
    union select storage_key from audio_chunks
    order by 1`);
  return rows.map((r) => r.key);
}
