import { createHash } from "node:crypto";
import { createTranslator } from "use-intl/core";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import { LOCALE_COOKIE } from "@/lib/i18n/locales";
import { localeFor, SESSION_COOKIES } from "@/lib/i18n/session-locale";
import { securityHeaders } from "@/lib/http/security-headers";
import { escapeHtml, markdownHtml } from "./markdown-html";
import { openApiDocument } from "./openapi-document";
import { endpointsHtml, operationsByTag, schemasHtml, type ReferenceDocument, type ReferenceText } from "./reference-html";
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

/**
 * GET /api/reference: the OpenAPI document (the same object /api/openapi.json serves) as one
 * readable HTML page, rendered on the server: every endpoint under its tag with who may call
 * it (the session permission and the API-key scope, from `x-permission` and `x-api-key-scope`),
 * whether it takes an Idempotency-Key, its parameters, body and answers; the overview (errors,
 * idempotency, rate limits) from `info.description` and the `x-idempotency` / `x-rate-limits`
 * extensions; the schemas; and the `webhooks` once the document has any. The page's own words
 * follow the reader's interface language; the document's descriptions are English.
 */
export async function referencePageResponse(req: Request): Promise<Response> {
  const locale = await localeFor({
    sessionToken: cookie(req, SESSION_COOKIES),
    chosen: cookie(req, [LOCALE_COOKIE]),
    acceptLanguage: req.headers.get("accept-language"),
  }).catch(() => "en" as const);
  const t = createTranslator({ locale, messages: compiledMessages(locale), namespace: "apiReference" }) as unknown as ReferenceText;
  const doc = openApiDocument() as unknown as ReferenceDocument;
  const idempotency = doc["x-idempotency"] as { header: string; methods: string[]; window_seconds: number };
  const limits = doc["x-rate-limits"] as { api_key_requests_per_minute: number };
  const webhooks = doc.webhooks && Object.keys(doc.webhooks).length ? doc.webhooks : undefined;

  const toc = operationsByTag(doc, doc.paths)
    .map(([tag, ops]) => `<li><a href="#tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}">${escapeHtml(tag)}</a> <span class="muted">(${ops.length})</span></li>`)
    .join("");
  const title = t("title");
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(String(doc.info.title))}</title>
<style>${REFERENCE_CSS}</style>
</head>
<body>
<a class="skip" href="#main">${t("skip")}</a>
<header class="top"><div class="wrap"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(String(doc.info.title))} · ${t("version", { version: String(doc.info.version) })} · <a href="/api/openapi.json">${t("download")}</a></p></div></header>
<div class="wrap layout">
<nav class="toc" aria-label="${escapeHtml(t("contents"))}">
<h2>${t("contents")}</h2>
<ul><li><a href="#overview">${t("overview")}</a></li><li><a href="#at-a-glance">${t("atAGlance")}</a></li></ul>
<h3>${t("endpoints")}</h3><ul>${toc}</ul>
<ul>${webhooks ? `<li><a href="#webhooks">${t("webhooks")}</a></li>` : ""}<li><a href="#schemas">${t("schemas")}</a></li></ul>
</nav>
<main id="main">
<section id="at-a-glance" aria-labelledby="at-a-glance-title" class="glance">
<h2 id="at-a-glance-title">${t("atAGlance")}</h2>
<ul>
<li>${t("glance.auth")}</li>
<li>${t("glance.idempotency", { methods: idempotency.methods.join(", "), header: idempotency.header, hours: idempotency.window_seconds / 3600 })}</li>
<li>${t("glance.rateLimit", { count: limits.api_key_requests_per_minute })}</li>
<li>${t("glance.errors")}</li>
</ul>
</section>
<section id="overview" aria-labelledby="overview-title"><h2 id="overview-title">${t("overview")}</h2><div class="description" lang="en">${markdownHtml(String(doc.info.description), "overview-")}</div></section>
${endpointsHtml(doc, doc.paths, t)}
${webhooks ? `<section id="webhooks" aria-labelledby="webhooks-title"><h2 id="webhooks-title">${t("webhooks")}</h2>${endpointsHtml(doc, webhooks, t, "webhook")}</section>` : ""}
<section id="schemas" aria-labelledby="schemas-title"><h2 id="schemas-title">${t("schemas")}</h2>${schemasHtml(doc, t)}</section>
</main>
</div>
</body>
</html>`;
  return new Response(html, {
    headers: { ...securityHeaders(), "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": CSP, "Cache-Control": "private, max-age=300", Vary: "Accept-Language, Cookie" },
  });
}
