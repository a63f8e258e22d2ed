import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/keys/key-format";
import { newCuidShapedId } from "@/lib/ids/ids.shared";
import { secretsIn } from "@/tests/helpers/log-scan";

/** The scan of the run's logs (tests/helpers/global-setup.ts) finds the service's secrets by their shape, and nothing else. */
describe("the scan of the logs for secrets", () => {
  it("finds every kind of secret the service hands out or is given", () => {
    const lines = [
      `{"msg":"x","key":"${generateApiKey()}"}`,
      `{"msg":"session ${randomBytes(32).toString("hex")}"}`,
      `{"msg":"whsec_${randomBytes(24).toString("base64")}"}`,
      `{"msg":"Authorization: Bearer abcdefgh12345678"}`,
      `{"msg":"cookie next-auth.session-token=abc"}`,
      `{"password":"hunter2"}`,
      `{"msg":"smtp://user:pass@mail.example:587"}`,
    ];
    expect(secretsIn(lines.join("\n")).map((f) => f.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("passes ids, redacted fields and ordinary lines", () => {
    const lines = [
      `{"requestId":"${randomUUID()}","districtId":"${newCuidShapedId()}","actorId":"person:${newCuidShapedId()}"}`,
      `{"token":"[redacted]","headers":{"authorization":"[redacted]"}}`,
      `{"msg":"request","route":"/api/people/[id]","status":200}`,
    ];
    expect(secretsIn(lines.join("\n"))).toEqual([]);
  });
});
