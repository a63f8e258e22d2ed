import { NextResponse, type NextRequest } from "next/server";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { contentSecurityPolicy, securityHeaders } from "@/lib/http/security-headers";
import { realtimeSocketOrigin } from "@/lib/realtime/config";

/**
 * Pages get a Content-Security-Policy with a fresh nonce per request (Next.js reads it from
 * the request's CSP header and puts it on its scripts), plus the common security headers.
 * API routes and stored files set their own headers (next.config.mjs, lib/files/serve-file.ts).
 */
export function proxy(request: NextRequest) {
  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, [realtimeSocketOrigin(serviceOrigin())]);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(securityHeaders())) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|files/|_next/static|_next/image|icon.svg|robots.txt|favicon.ico).*)" }],
};
