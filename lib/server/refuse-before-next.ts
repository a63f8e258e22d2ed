/**
 * What the server refuses before Next.js sees a request, because Next.js itself answers it
 * with a bare 500: a method its request adapter cannot build (TRACE, CONNECT, PROPFIND…),
 * a request target that is not a path (`*`, `http://host/x`, garbage), and a path with malformed
 * percent-encoding (`/api/people/%ff`).
 */
const NEXT_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type Refusal = { status: number; headers: Record<string, string>; body: string };

const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message } });

export function refusalBeforeNext(method: string, rawUrl: string): Refusal | null {
  if (!NEXT_METHODS.has(method.toUpperCase())) {
    return {
      status: 405,
      headers: { "content-type": "application/json" },
      body: errorBody("method_not_allowed", `${method} is not supported by this service.`),
    };
  }
  // Only origin-form targets name a page or an endpoint here: `*` (OPTIONS *), absolute-form
  // (`GET http://host/x`, a proxy's form) and garbage reach Next.js's URL parsing and fail there.
  if (!rawUrl.startsWith("/") || rawUrl.startsWith("//")) {
    return {
      status: 400,
      headers: { "content-type": "application/json" },
      body: errorBody("validation_error", 'The request target must be a path starting with a single "/".'),
    };
  }
  const path = rawUrl.split(/[?#]/)[0];
  try {
    decodeURIComponent(path);
  } catch {
    return {
      status: 400,
      headers: { "content-type": "application/json" },
      body: errorBody("validation_error", "The address is not valid: it has malformed percent-encoding."),
    };
  }
  return null;
}
