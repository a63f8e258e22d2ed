import { describe, expect, it } from "vitest";
import type { RoleKind } from "@/lib/auth/permissions";
import { relationTo, type ContactFacts } from "./contact-relation";

const kinds = (...k: RoleKind[]) => new Set(k);
const nobody: ContactFacts = { staff: false, mentorOfCaller: false, candidateOfCaller: false };
const staff = { ...nobody, staff: true };
const myMentor = { ...nobody, mentorOfCaller: true };
const myCandidate = { ...nobody, candidateOfCaller: true };

describe("who may write to whom", () => {
  it("staff (admin and board kinds) write to anyone", () => {
    for (const caller of [kinds("admin"), kinds("board"), kinds("board", "mentor")]) {
      expect(relationTo(caller, nobody)).toBe("person");
      expect(relationTo(caller, staff)).toBe("staff");
      expect(relationTo(caller, myCandidate)).toBe("your_candidate");
    }
  });

  it("mentors write to their candidates and to staff, nobody else", () => {
    expect(relationTo(kinds("mentor"), myCandidate)).toBe("your_candidate");
    expect(relationTo(kinds("mentor"), staff)).toBe("staff");
    expect(relationTo(kinds("mentor"), nobody)).toBeNull();
    // A mentor assigned to them is no reason for a mentor who is not a candidate.
    expect(relationTo(kinds("mentor"), myMentor)).toBeNull();
  });

  it("candidates write to their mentors and to staff, nobody else", () => {
    expect(relationTo(kinds("candidate"), myMentor)).toBe("your_mentor");
    expect(relationTo(kinds("candidate"), staff)).toBe("staff");
    expect(relationTo(kinds("candidate"), nobody)).toBeNull();
    expect(relationTo(kinds("candidate"), myCandidate)).toBeNull();
  });

  it("anyone else (kind other, or no role) writes to staff only", () => {
    for (const caller of [kinds("other"), kinds()]) {
      expect(relationTo(caller, staff)).toBe("staff");
      expect(relationTo(caller, nobody)).toBeNull();
      expect(relationTo(caller, myMentor)).toBeNull();
      expect(relationTo(caller, myCandidate)).toBeNull();
    }
  });
});
