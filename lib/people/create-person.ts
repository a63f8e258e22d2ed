import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { conflict } from "@/lib/errors/app-error";
import { personEventData } from "@/lib/webhooks/event-data";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { assertCallerCovers } from "./rights";
import type { CreatePersonInput } from "./schemas";
import { personSelect, serializePerson } from "./serialize-person";

export const duplicateEmail = () => conflict("A person with this e-mail address already exists in the district.");

export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "P2002";

/**
 * The create response is the Person without avatar_url, as the contract states. Roles given
 * at creation are grants: the caller must hold what they carry (an API key holds none).
 */
export async function createPerson(ctx: Ctx, input: CreatePersonInput) {
  const tags = [...new Set(input.tags ?? [])];
  const roleIds = Object.keys(input.roles ?? {});
  await assertKnownIds(ctx, { roles: roleIds, tags });
  await assertCallerCovers(ctx, db(), roleIds, "give these roles");
  try {
    // The webhook event commits with the person, or neither does.
    const row = await transactionWithEvents(ctx.districtId, async (tx, emit) => {
      const created = await tx.person.create({
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
      await emit("person.created", () => personEventData(tx, ctx.districtId, created.id));
      return created;
    });
    return serializePerson(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}
