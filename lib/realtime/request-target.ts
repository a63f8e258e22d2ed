/** The request target as a URL, or null when it does not parse (`http://[`, garbage). */
export function parseTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? "/", "http://realtime.invalid");
  } catch {
    return null;
  }
}
