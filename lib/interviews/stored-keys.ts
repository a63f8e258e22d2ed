/**
 * Storage keys of an interview's recordings: each record of the `audio` map that points at
 * this district's `<district>/audio/…` storage, by an explicit key or by its /files/ URL.
 */
export function recordingKeys(districtId: string, audio: unknown): string[] {
  if (typeof audio !== "object" || audio === null) return [];
  const prefix = `${districtId}/audio/`;
  const keys: string[] = [];
  for (const value of Object.values(audio as Record<string, unknown>)) {
    const rec = (value ?? {}) as { key?: unknown; storage_key?: unknown; url?: unknown };
    for (const candidate of [rec.key, rec.storage_key]) {
      if (typeof candidate === "string" && candidate.startsWith(prefix)) keys.push(candidate);
    }
    if (typeof rec.url === "string") {
      const at = rec.url.indexOf(`/files/${prefix}`);
      if (at >= 0) keys.push(decodeURIComponent(rec.url.slice(at + "/files/".length).split(/[?#]/)[0]));
    }
  }
  // Only plain keys: a stored URL must never steer a delete outside the district's audio folder.
  return [...new Set(keys)].filter((k) => !k.split("/").some((part) => part === ".." || part === "." || part === ""));
}
