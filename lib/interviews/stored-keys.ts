/** What an interview's recordings keep in storage, as a Prisma select on the interview. */
export const recordingStorageSelect = {
  recordings: { select: { storageKey: true, chunks: { select: { storageKey: true } } } },
} as const;

type RecordingStorage = { storageKey: string | null; chunks: { storageKey: string }[] };

/**
 * Storage keys of recordings, to delete with them: each combined file and each chunk still
 * waiting, as long as it lies in this district's audio folders. Only plain keys: nothing may
 * steer a delete outside them.
 */
export function recordingKeys(districtId: string, recordings: RecordingStorage[]): string[] {
  const inDistrict = (key: string) =>
    (key.startsWith(`${districtId}/audio/`) || key.startsWith(`${districtId}/audio-chunks/`)) &&
    !key.split("/").some((part) => part === ".." || part === "." || part === "");
  const keys = recordings.flatMap((r) => [...(r.storageKey ? [r.storageKey] : []), ...r.chunks.map((c) => c.storageKey)]);
  return [...new Set(keys)].filter(inDistrict);
}
