/** The request target as a URL, or null when it does not parse (`http://[`, garbage). */
export function parseTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? "/", "http://realtime.invalid");
  } catch {
    return null;
  }
}

/** A percent-decoded path segment, or null when its encoding is malformed (`%E0%A4%A`). */
export function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
