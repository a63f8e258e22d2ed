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

  it.each([
    { code: "P2010", message: "Raw query failed. Code: `40P01`. Message: `deadlock detected`" },
    { code: "P2034", message: "Transaction failed due to a write conflict or a deadlock. Please retry your transaction" },
    { code: "P2010", message: "Raw query failed.", meta: { driverAdapterError: { cause: { originalCode: "40001" } } } },
    Object.assign(new Error("deadlock detected"), { code: "40P01" }),
  ])("maps a transaction the database rolled back for a collision (%o) to 503 overloaded", (error) => {
    expect(errorResponse(toAppError(error)).status).toBe(503);
  });

  it("leaves other failures a 500", () => {
    expect(toAppError(new Error("something else")).code).toBe("internal");
    expect(toAppError({ code: "P2010", message: "Raw query failed. Code: `23514`. Message: `check violation`" }).code).toBe("internal");
  });
});
