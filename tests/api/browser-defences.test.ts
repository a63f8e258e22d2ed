/**
 * Browser-side defences (security issue, items 4 and 5): a change authenticated by the
 * session cookie must come from our own pages; JSON endpoints need a JSON content type; every
 * route answers an unsupported method with 405, `Allow` and the error body; a malformed
 * session cookie is a 401.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "@/lib/http/errors";
import { isDefinedHandler, ROUTE_METHODS } from "@/lib/http/methods";
import { call } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("Browser");
});

const cookieOf = (token: string) => ({ cookie: `next-auth.session-token=${token}` });
const newTag = () => ({ name: `Tag ${Math.random().toString(36).slice(2, 8)}` });

describe("changes made with the session cookie come from our own pages", () => {
  it("refuses (403) a cookie-authenticated POST that Sec-Fetch-Site marks cross-site or same-site", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = await call("POST", "/api/tags", { body: newTag(), headers: { ...cookieOf(d.admin.token), "sec-fetch-site": site } });
      expect(res.status, site).toBe(403);
      expect(res.body.error.message).toMatch(/another site/);
    }
    for (const method of ["PATCH", "DELETE"]) {
      const res = await call(method, `/api/people/${d.admin.id}`, {
        body: method === "PATCH" ? { first: "X" } : undefined,
        headers: { ...cookieOf(d.admin.token), "sec-fetch-site": "cross-site" },
      });
      expect(res.status, method).toBe(403);
    }
  });

  it("refuses (403) a cookie-authenticated POST whose Origin is another site, when Sec-Fetch-Site is absent", async () => {
    const res = await call("POST", "/api/tags", { body: newTag(), headers: { ...cookieOf(d.admin.token), origin: "http://evil.example" } });
    expect(res.status).toBe(403);
  });

  it("accepts the same change from our own pages (same-origin), and GETs from anywhere", async () => {
    const own = await call("POST", "/api/tags", {
      body: newTag(),
      headers: { ...cookieOf(d.admin.token), "sec-fetch-site": "same-origin", origin: "http://localhost:3000" },
    });
    expect(own.status).toBe(201);
    const read = await call("GET", "/api/tags", { headers: { ...cookieOf(d.admin.token), "sec-fetch-site": "cross-site" } });
    expect(read.status).toBe(200);
  });

  it("does not apply to bearer tokens, which no other page can send", async () => {
    const res = await call("POST", "/api/tags", {
      token: d.admin.token,
      body: newTag(),
      headers: { "sec-fetch-site": "cross-site", origin: "http://evil.example" },
    });
    expect(res.status).toBe(201);
  });
});

describe("JSON endpoints need a JSON body", () => {
  it("415 without a content type or with a form/text type; nothing is created", async () => {
    for (const type of [undefined, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await call("POST", "/api/tags", {
        token: d.admin.token,
        rawBody: JSON.stringify({ name: "Sneaky" }),
        headers: type ? { "content-type": type } : {},
      });
      expect(res.status, String(type)).toBe(415);
      expect(res.body.error.code).toBe("unsupported_media_type");
    }
    const tags = await call("GET", "/api/tags", { token: d.admin.token });
    expect(tags.body.map((t: { name: string }) => t.name)).not.toContain("Sneaky");
  });
});

describe("unsupported methods", () => {
  const modules = import.meta.glob<Record<string, unknown>>("../../app/**/route.ts");
  const pathOf = (file: string) =>
    file
      .replace("../../app", "")
      .replace(/\/route\.ts$/, "")
      .replace(/\[\.\.\.(\w+)\]/g, `${"x"}/y`)
      .replace(/\[(\w+)\]/g, "nothing0");

  it("every route answers a method it lacks with 405, Allow and the error body, and OPTIONS names exactly what it has", async () => {
    let checked = 0;
    for (const [file, load] of Object.entries(modules)) {
      if (file.includes("/api/auth/") || file.includes("[...unknown]")) continue;
      const mod = await load();
      const defined = ROUTE_METHODS.filter((m) => isDefinedHandler(mod[m]));
      const options = await call("OPTIONS", pathOf(file));
      expect(options.status, file).toBe(204);
      const allow = options.headers.get("allow")!.split(", ");
      expect(allow.sort(), file).toEqual([...defined, ...(defined.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort());
      for (const method of ROUTE_METHODS.filter((m) => !defined.includes(m))) {
        const res = await call(method, pathOf(file), { token: d.admin.token });
        expect(res.status, `${method} ${file}`).toBe(405);
        expect(res.headers.get("allow")).toBe(options.headers.get("allow"));
        expect(errorBodySchema.safeParse(res.body).success).toBe(true);
        expect(res.body.error.code).toBe("method_not_allowed");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

describe("malformed session cookies", () => {
  it("a cookie with broken percent-encoding or garbage is a 401 with the error body, never a 500", async () => {
    for (const value of ["%E0%A4%A", "%ff", "a".repeat(5000), "\u00e9"]) {
      const res = await call("GET", "/api/me", { headers: { cookie: `next-auth.session-token=${encodeURIComponent(value).replace(/%25/g, "%")}` } });
      expect(res.status, value.slice(0, 10)).toBe(401);
      expect(res.body.error.code).toBe("unauthorized");
    }
  });
});
