import type { RoleKind } from "@/lib/auth/permissions";
import type { Contact } from "./schemas";

export type Relation = Contact["relation"];

/** What the database says about a possible contact, seen from the caller. */
export type ContactFacts = {
  /** Holds an admin- or board-kind role. */
  staff: boolean;
  /** Is assigned as the caller's mentor. */
  mentorOfCaller: boolean;
  /** Is assigned to the caller as a candidate. */
  candidateOfCaller: boolean;
};

const isStaffKind = (kinds: ReadonlySet<RoleKind>) => kinds.has("admin") || kinds.has("board");

/**
 * Who may write to whom (docs/messages.md "Rules"), for an active person of the
 * caller's district: staff (admin and board kinds) to anyone; mentors to their candidates and
 * to staff; candidates to their mentors and to staff; anyone else to staff. null: not a contact.
 */
export function relationTo(callerKinds: ReadonlySet<RoleKind>, target: ContactFacts): Relation | null {
  const callerIsStaff = isStaffKind(callerKinds);
  if (target.candidateOfCaller && (callerIsStaff || callerKinds.has("mentor"))) return "your_candidate";
  if (target.mentorOfCaller && (callerIsStaff || callerKinds.has("candidate"))) return "your_mentor";
  if (target.staff) return "staff";
  return callerIsStaff ? "person" : null;
}
