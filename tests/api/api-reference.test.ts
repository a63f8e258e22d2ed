import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { OPERATIONS } from "@/lib/openapi/operations";
import { call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * GET /api/reference: the OpenAPI document as a page, without any script or outside resource,
 * listing every operation with its access, the idempotency rules, the rate limits and the
 * error shape from the same document object that /api/openapi.json serves.
 */

let d: TestDistrict;
beforeAll(async () => {
  d = await makeDistrict("Reference");
});

const page = (headers: Record<string, string> = {}) => call("GET", "/api/reference", { headers });

describe("GET /api/reference", () => {
  it("is public HTML with a CSP that allows no script and nothing from elsewhere", async () => {
    const res = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toMatch(/script-src|https?:/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const html = res.body as string;
    expect(html).not.toMatch(/<script|<link|<img|src=|@import|url\(/i);
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
  });

  it("lists every documented operation with its session permission, API-key scope and Idempotency-Key", async () => {
    const html = (await page()).body as string;
    for (const op of OPERATIONS) expect(html, op.operationId).toContain(`id="op-${op.operationId.toLowerCase()}"`);
    const create = html.slice(html.indexOf('id="op-createperson"'), html.indexOf("</article>", html.indexOf('id="op-createperson"')));
    expect(create).toContain("<code>people:edit</code>");
    expect(create).toContain("<code>write:people</code>");
    expect(create).toContain("Idempotency-Key:");
    const keys = html.slice(html.indexOf('id="op-createapikey"'));
    expect(keys).toContain("sessions only (API keys get 403)");
  });

  it("states the error shape, the idempotency rules and the rate limit of the document", async () => {
    const html = (await page()).body as string;
    const doc = openApiDocument() as unknown as { "x-rate-limits": { api_key_requests_per_minute: number } };
    expect(html).toContain(`Each API key may make ${doc["x-rate-limits"].api_key_requests_per_minute} requests per minute`);
    expect(html).toContain('id="overview-idempotent-retries"');
    expect(html).toContain("<code>idempotency_key_reused</code>");
    expect(html).toContain('id="overview-errors"');
    expect(html).toContain('id="schema-error"');
  });

  it("speaks the reader's language: Accept-Language, the visitor's choice, a signed-in person's language", async () => {
    expect((await page({ "accept-language": "es-MX,es;q=0.9" })).body).toMatch(/<html lang="es">[\s\S]*Referencia de la API/);
    expect((await page({ cookie: "NEXT_LOCALE=es" })).body).toContain('<html lang="es">');
    const spanish = await d.addPerson("candidate", { language: "es" });
    expect((await page({ cookie: `next-auth.session-token=${spanish.token}`, "accept-language": "en" })).body).toContain('<html lang="es">');
  });
});
