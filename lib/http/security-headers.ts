import "server-only";
import { env } from "@/lib/env";

/** Headers every page and API answer carries. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    // Sign-in links carry a token in their query: never hand a URL of ours to another site.
    "Referrer-Policy": "same-origin",
    // The recorder needs the microphone; nothing needs the camera or location.
    "Permissions-Policy": "microphone=(self), camera=(), geolocation=()",
  };
  if (env().BASE_URL?.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/**
 * The pages' Content-Security-Policy: scripts only from this origin, and inline ones only with
 * this request's nonce (Next.js puts it on its own scripts). Styles allow inline `style`
 * attributes (React renders them). `connectTo` adds origins fetch/WebSocket may reach (the
 * realtime server). Development adds 'unsafe-eval', which React's dev tooling needs.
 */
export function contentSecurityPolicy(nonce: string, connectTo: string[] = []): string {
  const dev = env().NODE_ENV === "development";
  const https = env().BASE_URL?.startsWith("https:");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${connectTo.join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
