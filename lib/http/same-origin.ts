import "server-only";
import { forbidden } from "@/lib/errors/app-error";
import { serviceOrigin } from "@/lib/hosting/service-origin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Browsers send the session cookie with requests that other pages start (a form on another
 * site of the same host, an <img>): a change made with the cookie must come from our own
 * pages. Sec-Fetch-Site says so in every current browser; Origin is the fallback. Requests
 * with a bearer token are never started by another page, so they are not checked here.
 */
export function assertSameOriginMutation(req: Request) {
  if (SAFE_METHODS.has(req.method)) return;
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw forbidden("This request came from another site; changes can only be made from this service's own pages.");
  }
  const origin = req.headers.get("origin");
  if (!origin) return;
  const own = new Set([originOf(serviceOrigin())]);
  const host = req.headers.get("host");
  if (host) own.add(originOf(`${new URL(req.url).protocol}//${host}`));
  if (!own.has(origin)) throw forbidden("This request came from another site; changes can only be made from this service's own pages.");
}
