import { describe, expect, it } from "vitest";
import type { Ctx } from "@/lib/auth/context";
import { seesEveryScorecard, seesSubmittedScorecards, tallyOf, visibleScorecards, type Reader } from "./scorecard-rules.shared";

const at = new Date("2026-11-27T10:00:00Z");
const card = (memberId: string, submitted: boolean, recommendation: number | null = 3) => ({ memberId, submittedAt: submitted ? at : null, recommendation });
const cards = [card("a", true, 4), card("b", false, 1), card("c", true, 2)];
const ids = (list: { memberId: string }[]) => list.map((c) => c.memberId);

const admin: Reader = { admin: true, memberId: null };
const memberOf = (memberId: string): Reader => ({ admin: false, memberId });
const nobody: Reader = { admin: false, memberId: null };

describe("visibleScorecards", () => {
  it("admins see every scorecard, drafts included", () => {
    expect(ids(visibleScorecards(admin, cards))).toEqual(["a", "b", "c"]);
  });

  it("a member who has not submitted sees only their own draft; one without a scorecard sees none, not even whether others exist", () => {
    expect(ids(visibleScorecards(memberOf("b"), cards))).toEqual(["b"]);
    expect(ids(visibleScorecards(memberOf("d"), cards))).toEqual([]);
  });

  it("a member who submitted sees every submitted scorecard, never another's draft", () => {
    expect(ids(visibleScorecards(memberOf("a"), cards))).toEqual(["a", "c"]);
    expect(ids(visibleScorecards(memberOf("c"), cards))).toEqual(["a", "c"]);
  });

  it("anyone else (candidate, mentor, another board's member, an editor) sees none", () => {
    expect(visibleScorecards(nobody, cards)).toEqual([]);
  });
});

describe("seesSubmittedScorecards (who may read the tally)", () => {
  it("admins, and members whose own is submitted; not members with a draft or none, nor anyone else", () => {
    expect(seesSubmittedScorecards(admin, [])).toBe(true);
    expect(seesSubmittedScorecards(memberOf("a"), cards)).toBe(true);
    expect(seesSubmittedScorecards(memberOf("b"), cards)).toBe(false);
    expect(seesSubmittedScorecards(memberOf("d"), cards)).toBe(false);
    expect(seesSubmittedScorecards(nobody, cards)).toBe(false);
  });
});

describe("tallyOf", () => {
  it("counts the submitted recommendations, every key present; drafts and missing recommendations do not count", () => {
    expect(tallyOf(cards)).toEqual({ 1: 0, 2: 1, 3: 0, 4: 1 });
    expect(tallyOf([card("x", true, null), card("y", false, 4)])).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0 });
    expect(tallyOf([card("x", true, 4), card("y", true, 4), card("z", true, 1)])).toEqual({ 1: 1, 2: 0, 3: 0, 4: 2 });
  });
});

describe("seesEveryScorecard", () => {
  const person = (kinds: string[], permissions: string[] = []): Ctx =>
    ({
      districtId: "d",
      origin: "",
      actor: {
        type: "person",
        personId: "p",
        language: "en",
        kinds: new Set(kinds),
        permissions: new Set(permissions),
        sessionToken: "t",
        sessionExpiresAt: 0,
      },
    }) as Ctx;
  it("an admin-kind role or an API key; not a board member, nor an interview editor", () => {
    expect(seesEveryScorecard(person(["admin"]))).toBe(true);
    expect(seesEveryScorecard({ districtId: "d", origin: "", actor: { type: "key", keyId: "k", scopes: new Set() } })).toBe(true);
    expect(seesEveryScorecard(person(["board"]))).toBe(false);
    expect(seesEveryScorecard(person(["other"], ["interviews:edit", "settings"]))).toBe(false);
  });
});
