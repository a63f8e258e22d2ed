import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { conflict } from "@/lib/errors/app-error";
import { assertMayChangeRoles } from "./role-grants";
import type { CreatePersonInput } from "./schemas";
import { personSelect, serializePerson } from "./serialize-person";

export const duplicateEmail = () => conflict("A person with this e-mail address already exists in the district.");

export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

/** The create response is the Person without avatar_url, as the contract states. */
export async function createPerson(ctx: Ctx, input: CreatePersonInput) {
  const tags = [...new Set(input.tags ?? [])];
  await assertKnownIds(ctx, { roles: Object.keys(input.roles ?? {}), tags });
  await assertMayChangeRoles(ctx, {}, input.roles);
  try {
    const row = await db().person.create({
      data: {
        districtId: ctx.districtId,
        first: input.first,
        last: input.last,
        email: input.email,
        emailKey: input.email.toLowerCase(),
        language: input.language ?? "en",
        roles: input.roles ?? {},
        tags,
      },
      select: personSelect,
    });
    return serializePerson(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}
