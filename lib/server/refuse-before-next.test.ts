import { describe, expect, it } from "vitest";
import { refusalBeforeNext } from "./refuse-before-next";

describe("refusalBeforeNext", () => {
  it("lets every method Next.js handles through, and refuses the others with 405 and the error body", () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(refusalBeforeNext(method, "/api/people")).toBeNull();
    for (const method of ["TRACE", "TRACK", "PROPFIND", "CONNECT", "FOO"]) {
      const refusal = refusalBeforeNext(method, "/api/people")!;
      expect(refusal.status).toBe(405);
      expect(JSON.parse(refusal.body).error.code).toBe("method_not_allowed");
    }
  });

  it("refuses malformed percent-encoding in the path (400), not in the query", () => {
    for (const path of ["/api/people/%ff", "/files/x/%E0%A4%A", "/people/%"]) {
      const refusal = refusalBeforeNext("GET", path)!;
      expect(refusal.status, path).toBe(400);
      expect(JSON.parse(refusal.body).error.code).toBe("validation_error");
    }
    expect(refusalBeforeNext("GET", "/api/people/abc%20def?q=%ff")).toBeNull();
  });
});
