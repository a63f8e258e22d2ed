import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { invalid, notFound } from "@/lib/errors/app-error";
import { duplicateEmail, isUniqueViolation } from "./create-person";
import { getPerson } from "./get-person";
import { assertMayChangeRoles } from "./role-grants";
import type { UpdatePersonInput } from "./schemas";

/** Changes only the fields sent; `mentors` replaces the candidate's mentor list. */
export async function updatePerson(ctx: Ctx, id: string, input: UpdatePersonInput) {
  const existing = await db().person.findFirst({ where: { id, districtId: ctx.districtId }, select: { id: true, roles: true } });
  if (!existing) throw notFound("Person");
  const tags = input.tags && [...new Set(input.tags)];
  const mentors = input.mentors && [...new Set(input.mentors)];
  if (mentors?.includes(id)) throw invalid("mentors", "A person cannot be their own mentor.");
  await assertKnownIds(ctx, {
    roles: Object.keys(input.roles ?? {}),
    tags,
    people: mentors && { field: "mentors", ids: mentors },
  });
  await assertMayChangeRoles(ctx, (existing.roles ?? {}) as Record<string, unknown>, input.roles);

  try {
    await db().$transaction(async (tx) => {
      await tx.person.update({
        where: { id },
        data: {
          first: input.first,
          last: input.last,
          email: input.email,
          emailKey: input.email?.toLowerCase(),
          language: input.language,
          roles: input.roles,
          tags,
          archived: input.archived,
        },
      });
      if (mentors) {
        await tx.mentorAssignment.deleteMany({ where: { candidateId: id, mentorId: { notIn: mentors } } });
        await tx.mentorAssignment.createMany({
          data: mentors.map((mentorId) => ({ districtId: ctx.districtId, mentorId, candidateId: id })),
          skipDuplicates: true,
        });
      }
      // Archiving signs the person out everywhere.
      if (input.archived) await tx.session.deleteMany({ where: { personId: id } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
  return getPerson(ctx, id);
}
