import { db } from "@/lib/db/client";
import { createDistrict } from "./create-district";

export const DEMO = {
  district: "Demo District",
  admin: "admin@demo.test",
  board: "board@demo.test",
  mentor: "mentor@demo.test",
  candidate: "candidate@demo.test",
};

/** On first start only (no district yet): a demo district to sign in to and look around. */
export async function seedDemoIfEmpty(): Promise<boolean> {
  if ((await db().district.count()) > 0) return false;
  const { district, roles } = await createDistrict({ name: DEMO.district, adminEmail: DEMO.admin, adminFirst: "Ada", adminLast: "Admin" });
  const make = (first: string, last: string, email: string, role: string) =>
    db().person.create({
      data: { districtId: district.id, first, last, email, emailKey: email, roles: { [role]: 1 } },
    });
  await make("Bea", "Board", DEMO.board, roles.board);
  const mentor = await make("Max", "Mentor", DEMO.mentor, roles.mentor);
  const candidate = await make("Cleo", "Candidate", DEMO.candidate, roles.candidate);
  await db().mentorAssignment.create({ data: { districtId: district.id, mentorId: mentor.id, candidateId: candidate.id } });
  await db().tag.createMany({ data: ["2026 cohort", "Needs documents"].map((name) => ({ name, districtId: district.id })) });
  return true;
}
