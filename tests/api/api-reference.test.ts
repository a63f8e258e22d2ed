import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { documentedOperations, TAGS } from "@/lib/openapi/operations";
import { call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

const OPERATIONS = documentedOperations();

/**
 * GET /api/reference and its sections: the OpenAPI document as pages, without any script or
 * outside resource, listing every operation with its access, the idempotency rules, the rate
 * limits and the error shape, from the same document object that /api/openapi.json serves.
 */

let d: TestDistrict;
beforeAll(async () => {
  d = await makeDistrict("Reference");
});

const page = (path = "/api/reference", headers: Record<string, string> = {}) => call("GET", path, { headers });
const slugOf = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");
const section = (html: string, id: string) => html.slice(html.indexOf(`id="${id}"`), html.indexOf("</article>", html.indexOf(`id="${id}"`)));

describe("GET /api/reference", () => {
  it("is public HTML with a CSP that allows no script and nothing from elsewhere", async () => {
    for (const path of ["/api/reference", "/api/reference/people", "/api/reference/schemas"]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(csp).not.toMatch(/script-src|https?:/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const html = res.body as string;
      expect(html).not.toMatch(/<script|<link|<img|src=|@import|url\(/i);
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    }
  });

  it("indexes every documented operation with its session permission, API-key scope and Idempotency-Key", async () => {
    const html = (await page()).body as string;
    for (const op of OPERATIONS) expect(html, op.operationId).toContain(`#op-${op.operationId.toLowerCase()}"`);
    const row = html.slice(html.indexOf("/api/reference/people#op-createperson"), html.indexOf("</tr>", html.indexOf("/api/reference/people#op-createperson")));
    expect(row).toContain("<code>people:edit</code>");
    expect(row).toContain("<code>write:people</code>");
    expect(row).toMatch(/<td>yes<\/td>$/);
    const keys = html.slice(html.indexOf("/api/reference/api-keys#op-createapikey"));
    expect(keys).toContain("sessions only (API keys get 403)");
  });

  it("has a page per tag with each endpoint in full; unknown sections are 404", async () => {
    for (const tag of TAGS) {
      const html = (await page(`/api/reference/${slugOf(tag.name)}`)).body as string;
      for (const op of OPERATIONS.filter((o) => o.tag === tag.name)) expect(html, op.operationId).toContain(`id="op-${op.operationId.toLowerCase()}"`);
    }
    const create = section((await page("/api/reference/people")).body, "op-createperson");
    expect(create).toContain("<code>people:edit</code>");
    expect(create).toContain("Idempotency-Key:");
    expect(create).toMatch(/<td class="status status-4">422<\/td>/);
    const missing = await page("/api/reference/nothing0");
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
    expect((await page("/api/reference/webhooks")).body as string).toContain("/<wbr>api/<wbr>webhooks</code>"); // the endpoints' tag
    const webhooks = await page("/api/reference/webhook-events"); // the events the service sends
    expect(webhooks.status).toBe(200);
    expect(webhooks.body as string).toContain("interview.published");
  });

  it("states the error shape, the idempotency rules and the rate limit of the document", async () => {
    const html = (await page()).body as string;
    const doc = openApiDocument() as unknown as { "x-rate-limits": { api_key_requests_per_minute: number } };
    expect(html).toContain(`Each API key may make ${doc["x-rate-limits"].api_key_requests_per_minute} requests per minute`);
    expect(html).toContain('id="overview-idempotent-retries"');
    expect(html).toContain("<code>idempotency_key_reused</code>");
    expect(html).toContain('id="overview-errors"');
    expect((await page("/api/reference/schemas")).body).toContain('id="schema-error"');
  });

  it("speaks the reader's language: Accept-Language, the visitor's choice, a signed-in person's language", async () => {
    expect((await page("/api/reference", { "accept-language": "es-MX,es;q=0.9" })).body).toMatch(/<html lang="es">[\s\S]*Referencia de la API/);
    expect((await page("/api/reference/people", { cookie: "NEXT_LOCALE=es" })).body).toContain('<html lang="es">');
    const spanish = await d.addPerson("candidate", { language: "es" });
    expect((await page("/api/reference", { cookie: `next-auth.session-token=${spanish.token}`, "accept-language": "en" })).body).toContain('<html lang="es">');
  });
});
