import { seesAllPeople, type Me } from "./me";

/**
 * Whom a page is for: staff (administrators, board members, and anyone who manages people or
 * settings), a mentor (their candidates), or a candidate (their own records). Start page,
 * navigation and wording follow it.
 */
export type Audience = "staff" | "mentor" | "candidate";

export function audienceOf(me: Me): Audience {
  if (me.sees_all_interviews || seesAllPeople(me)) return "staff";
  return me.kinds.includes("mentor") ? "mentor" : "candidate";
}

/** Where a staff member's work is: those who manage people start with them, board members with the drafts waiting for them. */
export function staffStartList(me: Me): "people" | "drafts" {
  return me.permissions.includes("people:edit") || !me.kinds.includes("board") ? "people" : "drafts";
}
