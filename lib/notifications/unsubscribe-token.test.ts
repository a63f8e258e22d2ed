import { describe, expect, it } from "vitest";
import { signUnsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from "./unsubscribe-token";

const subject = { districtId: "district_1", personId: "person_1", kind: "messages" as const };

describe("unsubscribe tokens", () => {
  it("name the person and the kind they were signed for, and nothing else", () => {
    expect(verifyUnsubscribeToken(signUnsubscribeToken(subject))).toEqual(subject);
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ ...subject, kind: "interview_reminder" }))).toEqual({ ...subject, kind: "interview_reminder" });
  });

  it("are refused when changed, cut short or made up", () => {
    const token = signUnsubscribeToken(subject);
    const [payload, signature] = token.split(".");
    const otherKind = Buffer.from(JSON.stringify(["district_1", "person_1", "interview_published"])).toString("base64url");
    const otherPerson = Buffer.from(JSON.stringify(["district_1", "person_2", "messages"])).toString("base64url");
    for (const bad of [
      `${otherKind}.${signature}`,
      `${otherPerson}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.${signature}x`,
      `${payload}`,
      `${payload}.${signature}.${signature}`,
      "",
      "not-a-token",
    ]) {
      expect(verifyUnsubscribeToken(bad), bad).toBeNull();
    }
  });

  it("are refused when well signed but not naming a kind or ids", () => {
    // Signed the way the service signs, with a payload it never makes: still refused.
    const forged = signUnsubscribeToken({ ...subject, kind: "everything" as never });
    expect(verifyUnsubscribeToken(forged)).toBeNull();
  });

  it("travel in a link of the service's own origin", () => {
    const url = new URL(unsubscribeUrl(subject));
    expect(url.pathname).toBe("/api/unsubscribe");
    expect(verifyUnsubscribeToken(url.searchParams.get("token")!)).toEqual(subject);
  });
});
