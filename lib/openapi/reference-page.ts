import "server-only";
import { createHash } from "node:crypto";
import { createTranslator } from "use-intl/core";
import { notFound } from "@/lib/errors/app-error";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { localeFor, SESSION_COOKIES } from "@/lib/i18n/session-locale";
import { securityHeaders } from "@/lib/http/security-headers";
import { escapeHtml, markdownHtml, slug } from "./markdown-html";
import { openApiDocument } from "./openapi-document";
import {
  endpointIndexHtml,
  endpointsHtml,
  operationsByTag,
  REFERENCE_PATH,
  schemasHtml,
  tagPath,
  type ReferenceDocument,
  type ReferenceText,
} from "./reference-html";
import { REFERENCE_CSS } from "./reference-style";

const STYLE_HASH = `'sha256-${createHash("sha256").update(REFERENCE_CSS).digest("base64")}'`;

/**
 * No script at all, and the one style block by its hash: nothing can load from anywhere else,
 * a CDN included (the API's own `default-src 'none'` would block the styles).
 */
const CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function cookie(req: Request, names: string[]) {
  for (const part of (req.headers.get("cookie") ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (names.includes(part.slice(0, eq))) return decodeURIComponent(part.slice(eq + 1));
  }
  return undefined;
}

/** The page of the events the service sends (the document's `webhooks`): apart from the Webhooks tag's page of endpoints. */
const EVENTS_SECTION = "webhook-events";

/** The sections besides the index: one page per tag, the schemas, the webhook events once there are any. */
function sections(doc: ReferenceDocument) {
  const tags = operationsByTag(doc, doc.paths).map(([tag, ops]) => ({ slug: slug(tag), title: tag, ops }));
  const webhooks = doc.webhooks && Object.keys(doc.webhooks).length ? operationsByTag(doc, doc.webhooks).flatMap(([, ops]) => ops) : [];
  return { tags, webhooks };
}

/**
 * /api/reference and /api/reference/{section}: the OpenAPI document (the same object
 * /api/openapi.json serves) as pages rendered on the server. The index holds the rules at a
 * glance (from the `x-idempotency` and `x-rate-limits` extensions), every endpoint in one table
 * with its session permission, API-key scope (`x-permission`, `x-api-key-scope`) and whether it
 * takes an Idempotency-Key, and the overview (`info.description`: authentication, errors,
 * idempotency, rate limits). Each tag's page has its endpoints in full (parameters, bodies,
 * answers); `schemas` the named schemas; `webhook-events` the document's OpenAPI 3.1 webhooks once it
 * has any. The pages' own words follow the reader's interface language; the document's
 * descriptions are English. One page per tag keeps each page light enough for a phone.
 */
export async function referencePageResponse(req: Request, section?: string): Promise<Response> {
  const doc = openApiDocument() as unknown as ReferenceDocument;
  const { tags, webhooks } = sections(doc);
  const tag = section ? tags.find((x) => x.slug === section) : undefined;
  if (section && !tag && section !== "schemas" && !(section === EVENTS_SECTION && webhooks.length)) throw notFound("Reference page");

  const locale = await localeFor({
    sessionToken: cookie(req, SESSION_COOKIES),
    chosen: cookie(req, [LOCALE_COOKIE]),
    acceptLanguage: req.headers.get("accept-language"),
  }).catch(() => "en" as const);
  const t = createTranslator({ locale, messages: compiledMessages(locale), namespace: "apiReference" }) as unknown as ReferenceText;
  const idempotency = doc["x-idempotency"] as { header: string; methods: string[]; window_seconds: number };
  const limits = doc["x-rate-limits"] as { api_key_requests_per_minute: number };

  const current = (href: string) => (href === (section ? `${REFERENCE_PATH}/${section}` : REFERENCE_PATH) ? ' aria-current="page"' : "");
  const link = (href: string, text: string) => `<li><a href="${href}"${current(href)}>${escapeHtml(text)}</a></li>`;
  const nav =
    `<ul>${link(REFERENCE_PATH, t("overview"))}</ul><h3>${t("endpoints")}</h3><ul>${tags.map((x) => link(tagPath(x.title), x.title)).join("")}</ul>` +
    `<ul>${webhooks.length ? link(`${REFERENCE_PATH}/${EVENTS_SECTION}`, t("webhooks")) : ""}${link(`${REFERENCE_PATH}/schemas`, t("schemas"))}</ul>`;

  let heading: string;
  let main: string;
  if (tag) {
    heading = tag.title;
    const description = doc.tags?.find((x) => x.name === tag.title)?.description;
    main = (description ? `<p lang="en">${escapeHtml(description)}</p>` : "") + endpointsHtml(doc, tag.ops, t);
  } else if (section === "schemas") {
    heading = t("schemas");
    main = schemasHtml(doc, t);
  } else if (section === EVENTS_SECTION) {
    heading = t("webhooks");
    main = endpointsHtml(doc, webhooks, t);
  } else {
    heading = t("title");
    main =
      `<section aria-labelledby="at-a-glance"><h2 id="at-a-glance">${t("atAGlance")}</h2><ul class="glance">` +
      `<li>${t("glance.auth")}</li><li>${t("glance.idempotency", { methods: idempotency.methods.join(", "), header: idempotency.header, hours: idempotency.window_seconds / 3600 })}</li>` +
      `<li>${t("glance.rateLimit", { count: limits.api_key_requests_per_minute })}</li><li>${t("glance.errors")}</li></ul></section>` +
      `<section aria-labelledby="endpoints"><h2 id="endpoints">${t("endpoints")}</h2>${endpointIndexHtml(doc, t)}</section>` +
      `<section aria-labelledby="overview"><h2 id="overview">${t("overview")}</h2><div class="description" lang="en">${markdownHtml(String(doc.info.description), "overview-")}</div></section>`;
  }

  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(heading)} · ${escapeHtml(t("title"))}</title>
<style>${REFERENCE_CSS}</style>
</head>
<body>
<a class="skip" href="#main">${t("skip")}</a>
<header class="top"><div class="wrap"><p class="crumb"><a href="${REFERENCE_PATH}">${escapeHtml(t("title"))}</a> · ${escapeHtml(String(doc.info.title))} · ${t("version", { version: String(doc.info.version) })} · <a href="/api/openapi.json">${t("download")}</a></p><h1>${escapeHtml(heading)}</h1></div></header>
<div class="wrap layout">
<nav class="toc" aria-label="${escapeHtml(t("contents"))}"><h2>${t("contents")}</h2>${nav}</nav>
<main id="main">${main}</main>
</div>
</body>
</html>`;
  return new Response(html, {
    headers: {
      ...securityHeaders(),
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CSP,
      "Cache-Control": "private, max-age=300",
      Vary: "Accept-Language, Cookie",
    },
  });
}
