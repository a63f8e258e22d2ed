import { describe, expect, it } from "vitest";
import { errorResponse, toAppError } from "./errors";

describe("toAppError: a database that cannot take the work is a refusal, never a 500", () => {
  it.each([
    { code: "P2028", message: "Transaction API error: Unable to start a transaction in the given time." },
    new Error("timeout exceeded when trying to connect"),
  ])("maps %o to 503 overloaded with Retry-After", async (error) => {
    const res = errorResponse(toAppError(error));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect((await res.json()).error.code).toBe("overloaded");
  });

  it("leaves other failures a 500", () => {
    expect(toAppError(new Error("something else")).code).toBe("internal");
  });
});
