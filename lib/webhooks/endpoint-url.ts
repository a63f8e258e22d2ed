import "server-only";
import net from "node:net";
import { env } from "@/lib/env";
import { bareHost, hostOnList, isPublicAddress } from "@/lib/net/public-address";

/*
 * Where webhooks may go (SSRF rules, as for transcribe's URL): https to any host whose every
 * address is public; a host on WEBHOOK_URL_HOSTS (the operator's own receivers) may also be on
 * loopback or a private network, and may use http. What the URL itself says is checked when the
 * endpoint is saved (a 400); where its name leads is checked on each delivery, on the address
 * actually connected to (lib/net/public-address.ts `checkedLookup`). Redirects are never followed.
 */

/** Whether the operator allowed this URL's host on WEBHOOK_URL_HOSTS. */
const isAllowedWebhookHost = (url: URL) => hostOnList(url, env().WEBHOOK_URL_HOSTS);

/** The addresses a delivery to `url` may connect to. */
export const addressPolicy = (url: URL): ((address: string) => boolean) => (isAllowedWebhookHost(url) ? () => true : isPublicAddress);

/**
 * Why `raw` cannot be a webhook endpoint, from the URL alone; null when it can. On delivery
 * (`naming: false`) names are left to the address check, which sees what they resolve to now.
 */
export function endpointUrlProblem(raw: string, naming = true): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Not a URL: give the full address, such as https://sis.example.org/webhooks/cas.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `Only https URLs can receive webhooks, not ${url.protocol}`;
  if (url.username || url.password) return "URLs with credentials are not used: the signature proves each delivery comes from this service.";
  if (url.hash) return "Leave out the #fragment: it is never sent.";
  const allowed = isAllowedWebhookHost(url);
  if (url.protocol === "http:" && !allowed)
    return "Use https: webhooks carry people's records. Plain http is only for hosts the operator allows (WEBHOOK_URL_HOSTS).";
  if (allowed || !naming) return null;
  const host = bareHost(url).replace(/\.$/, "");
  if (net.isIP(host) && !isPublicAddress(host))
    return `${host} is a loopback, private or reserved address; only the operator can allow such hosts (WEBHOOK_URL_HOSTS).`;
  if (host === "localhost" || host.endsWith(".localhost")) return `${host} is this machine; only the operator can allow such hosts (WEBHOOK_URL_HOSTS).`;
  return null;
}
