import "server-only";
import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth";
import { SESSION_COOKIES } from "@/lib/i18n/session-locale";
import { ssoForProviderId } from "@/lib/sso/find-sso-connection";
import { authOptions } from "./next-auth-options";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      cookies[name] = part.slice(at + 1).trim();
    }
  }
  return cookies;
}

async function readBody(req: Request): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/json")) return (await req.json().catch(() => undefined)) as Record<string, string> | undefined;
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(await req.text()));
  return undefined;
}

/**
 * /api/auth/* through next-auth, with its options made for this request: a district's OpenID
 * Connect provider exists only for the requests that name it (`signin/oidc-<district>`,
 * `callback/oidc-<district>`). next-auth's (req, res, options) form is given the request's own
 * cookies and headers, so the handler needs no Next.js request scope (tests call it as a
 * function). A callback from a provider starts from no session: next-auth would otherwise
 * attach the provider's account to whoever is signed in in that browser already.
 */
export async function nextAuthResponse(req: Request, context: RouteContext): Promise<Response> {
  const nextauth = ((await context.params).nextauth ?? []) as string[];
  const [action, providerId] = [nextauth[0], nextauth[1] ?? ""];
  const sso = providerId.startsWith("oidc") ? await ssoForProviderId(providerId) : null;
  const url = new URL(req.url);
  const cookies = parseCookies(req.headers.get("cookie"));
  if (action === "callback" && sso) for (const name of SESSION_COOKIES) delete cookies[name];
  const apiReq = {
    method: req.method,
    url: `${url.pathname}${url.search}`,
    query: { ...Object.fromEntries(url.searchParams), nextauth },
    headers: Object.fromEntries(req.headers),
    cookies,
    body: await readBody(req),
  } as unknown as NextApiRequest;

  let status = 200;
  const headers = new Headers();
  let body: BodyInit | null = null;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    getHeader: (name: string) => (name.toLowerCase() === "set-cookie" ? headers.getSetCookie() : (headers.get(name) ?? undefined)),
    setHeader(name: string, value: string | string[]) {
      headers.delete(name);
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      return res;
    },
    end() {},
    json(value: unknown) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(value);
    },
    send(value: unknown) {
      if (typeof value === "string" || value === undefined || value === null) body = (value as string | null | undefined) ?? null;
      else {
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
        body = JSON.stringify(value);
      }
    },
  };
  await NextAuth(apiReq, res as unknown as NextApiResponse, authOptions(sso));
  return new Response(body, { status, headers });
}
