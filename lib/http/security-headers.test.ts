import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";
import { signInWithProviderPolicy } from "./sign-in-policy";

afterEach(() => {
  delete process.env.BASE_URL;
  delete process.env.OIDC_ISSUER_HOSTS;
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

  it("forms post to this origin only, except the sign-in page offering a provider: https origins and the operator's allowed hosts", () => {
    const csp = contentSecurityPolicy("n");
    expect(csp).toMatch(/(^|; )form-action 'self'(;|$)/);
    process.env.OIDC_ISSUER_HOSTS = "127.0.0.1,idp.internal,::1";
    resetEnvCache();
    const widened = signInWithProviderPolicy(csp);
    expect(widened).toContain("form-action 'self' https: http://127.0.0.1:* http://idp.internal:* http://[::1]:*;");
    expect(widened.replace(/form-action [^;]*/, "")).toBe(csp.replace(/form-action [^;]*/, ""));
    delete process.env.OIDC_ISSUER_HOSTS;
    resetEnvCache();
    expect(signInWithProviderPolicy(csp)).toContain("form-action 'self' https:;");
  });
});
