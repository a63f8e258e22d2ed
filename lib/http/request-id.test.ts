import { describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { fromTrustedProxy, requestIdFor, trustedProxies } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/;

describe("TRUST_PROXY", () => {
  it("names addresses, CIDR ranges (IPv4 and IPv6) and loopback", () => {
    const list = trustedProxies(["10.0.0.0/8", "192.168.1.7", "fd00::/8", "loopback"]);
    expect(list.check("10.1.2.3", "ipv4")).toBe(true);
    expect(list.check("11.0.0.1", "ipv4")).toBe(false);
    expect(list.check("192.168.1.7", "ipv4")).toBe(true);
    expect(list.check("192.168.1.8", "ipv4")).toBe(false);
    expect(list.check("fd12::1", "ipv6")).toBe(true);
    expect(list.check("127.0.0.5", "ipv4")).toBe(true);
    expect(list.check("::1", "ipv6")).toBe(true);
  });

  it("refuses an entry that is none of these", () => {
    expect(() => trustedProxies(["proxy.example"])).toThrow(/TRUST_PROXY/);
  });

  it("trusts nobody when unset; an IPv4 peer on a dual-stack socket reads as itself", () => {
    expect(fromTrustedProxy("127.0.0.1")).toBe(false);
    expect(requestIdFor("proxy-0123456789", "127.0.0.1")).toMatch(UUID);
    process.env.TRUST_PROXY = "loopback";
    resetEnvCache();
    try {
      expect(fromTrustedProxy("::ffff:127.0.0.1")).toBe(true);
      expect(requestIdFor("proxy-0123456789", "::ffff:127.0.0.1")).toBe("proxy-0123456789");
      expect(requestIdFor(["first-0123456789", "second-0123456789"], "127.0.0.1")).toBe("first-0123456789");
      // Not an id: spaces, line breaks, too short or too long.
      for (const bad of ["two words", "line\nbreak", "short", "x".repeat(129)]) expect(requestIdFor(bad, "127.0.0.1")).toMatch(UUID);
    } finally {
      delete process.env.TRUST_PROXY;
      resetEnvCache();
    }
  });
});
