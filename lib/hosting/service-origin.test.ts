import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { outboxEnabled } from "@/lib/mail/outbox";
import { hostingProblem, isLoopbackHost, listensOnLoopbackOnly, serviceOrigin } from "./service-origin";

const saved = { HOST: process.env.HOST, BASE_URL: process.env.BASE_URL, PORT: process.env.PORT, SMTP_URL: process.env.SMTP_URL };
function configure(vars: Partial<typeof saved>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
afterEach(() => configure(saved));

describe("where the app listens and what its links say", () => {
  it("a local demo: loopback, links to localhost:PORT, the outbox page exists", () => {
    configure({ HOST: undefined, BASE_URL: undefined, PORT: "3456", SMTP_URL: undefined });
    expect(listensOnLoopbackOnly()).toBe(true);
    expect(serviceOrigin()).toBe("http://localhost:3456");
    expect(hostingProblem()).toBeNull();
    expect(outboxEnabled()).toBe(true);
  });

  it("served beyond loopback: BASE_URL is required, and the outbox page is gone even without SMTP", () => {
    configure({ HOST: "0.0.0.0", BASE_URL: undefined, SMTP_URL: undefined });
    expect(hostingProblem()).toMatch(/set BASE_URL/);
    expect(outboxEnabled()).toBe(false);
    configure({ HOST: "0.0.0.0", BASE_URL: "https://cas.example.org/" });
    expect(hostingProblem()).toBeNull();
    expect(serviceOrigin()).toBe("https://cas.example.org");
  });

  it("with SMTP configured there is no outbox page, even on loopback", () => {
    configure({ HOST: undefined, SMTP_URL: "smtp://mail.example:25" });
    expect(outboxEnabled()).toBe(false);
  });

  it("knows loopback names and addresses", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "cas.example.org"]) expect(isLoopbackHost(host), host).toBe(false);
  });
});
