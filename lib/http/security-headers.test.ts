import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

afterEach(() => {
  delete process.env.BASE_URL;
  resetEnvCache();
});

describe("security headers", () => {
  it("the CSP allows scripts only from this origin and with the request's nonce, and no framing", () => {
    const csp = contentSecurityPolicy("abc123", ["ws://localhost:6001"]);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws://localhost:6001");
    expect(csp).toContain("object-src 'none'");
  });

  it("HSTS and upgrade-insecure-requests only when served over https", () => {
    expect(securityHeaders()).not.toHaveProperty("Strict-Transport-Security");
    expect(contentSecurityPolicy("n")).not.toContain("upgrade-insecure-requests");
    process.env.BASE_URL = "https://cas.example.org";
    resetEnvCache();
    expect(securityHeaders()["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(contentSecurityPolicy("n")).toContain("upgrade-insecure-requests");
    expect(securityHeaders()).toMatchObject({ "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "same-origin" });
  });
});
