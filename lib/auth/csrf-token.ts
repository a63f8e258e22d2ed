import { env } from "@/lib/env";
import { listenHost } from "@/lib/hosting/service-origin";

/**
 * A next-auth CSRF token for a form that posts to /api/auth without any script: asked of
 * next-auth itself (GET /api/auth/csrf on this server, with the browser's cookies), together
 * with the cookies it sets, which the page passes on to the browser.
 */
export async function csrfToken(cookieHeader: string | undefined): Promise<{ token: string; setCookie: string[] }> {
  const host = listenHost();
  const self = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const res = await fetch(`http://${self}:${env().PORT}/api/auth/csrf`, { headers: cookieHeader ? { cookie: cookieHeader } : {} });
  if (!res.ok) throw new Error(`next-auth answered ${res.status} for a CSRF token`);
  const { csrfToken: token } = (await res.json()) as { csrfToken: string };
  return { token, setCookie: res.headers.getSetCookie() };
}
