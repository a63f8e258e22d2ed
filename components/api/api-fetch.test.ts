import { describe, expect, it } from "vitest";
import { ApiError, mayPassOnRetry, toApiError } from "./api-fetch";

const body = (code: string) => JSON.stringify({ error: { code, message: "m" } });

describe("mayPassOnRetry: which failed reads a page asks again by itself", () => {
  it("asks again when the server never answered", () => {
    expect(mayPassOnRetry(new ApiError(0, "network_error", "offline"))).toBe(true);
    expect(mayPassOnRetry(new TypeError("Failed to fetch"))).toBe(true);
  });

  it("asks again when the service said it was busy or briefly without its database (503 with Retry-After)", () => {
    expect(mayPassOnRetry(toApiError(503, body("overloaded")))).toBe(true);
    expect(mayPassOnRetry(toApiError(503, body("unavailable")))).toBe(true);
  });

  it("does not ask again for an answer that will not change: another 503, a proxy's page, any other status", () => {
    expect(mayPassOnRetry(toApiError(503, body("ai_unavailable")))).toBe(false);
    expect(mayPassOnRetry(toApiError(503, "<html>Bad gateway</html>"))).toBe(false);
    for (const [status, code] of [
      [500, "internal"],
      [404, "not_found"],
      [403, "forbidden"],
      [401, "unauthorized"],
      [429, "rate_limited"],
    ] as const) {
      expect(mayPassOnRetry(toApiError(status, body(code)))).toBe(false);
    }
  });
});
