import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { assertKnownIds } from "@/lib/definitions/check-references";
import { conflict } from "@/lib/errors/app-error";
import { newCuidShapedId } from "@/lib/ids/ids.shared";
import { personEventData } from "@/lib/webhooks/event-data";
import { transactionWithEvents } from "@/lib/webhooks/emit-event";
import { unsubscribedSql } from "@/lib/webhooks/unsubscribed-sql";
import { assertCallerCovers } from "./rights";
import type { CreatePersonInput } from "./schemas";
import { personSelect, serializePerson, type PersonRow } from "./serialize-person";

export const duplicateEmail = () => conflict("A person with this e-mail address already exists in the district.");

/** A unique index refused the write: Prisma's P2002, or PostgreSQL's 23505 for the app's own statements. */
export const isUniqueViolation = (error: unknown) => ["P2002", "23505"].includes((error as { code?: string })?.code ?? "");

/**
 * The everyday creation (no roles to grant) as one statement, while every tag is the
 * district's and no webhook endpoint listens to `person.created`. The new row, or undefined
 * when nothing was written (the full path then runs, and says what was wrong).
 */
async function createdAlone(ctx: Ctx, input: CreatePersonInput, tags: string[]): Promise<PersonRow | undefined> {
  const { values, p } = sqlParams();
  const district = p(ctx.districtId);
  const knownTags = tags.length
    ? `and (select count(*) from tags t where t.district_id = ${district} and t.id = any(${p(tags)}::text[])) = ${tags.length}`
    : "";
  try {
    const [row] = await sqlRows<PersonRow>(
      `insert into people (id, district_id, first, last, email, email_key, language, roles, tags, updated_at)
       select ${p(newCuidShapedId())}, ${district}, ${p(input.first)}, ${p(input.last)}, ${p(input.email)}, ${p(input.email.toLowerCase())},
              ${p(input.language ?? "en")}, '{}'::jsonb, ${p(tags)}::text[], now() at time zone 'utc'
        where ${unsubscribedSql(ctx.districtId, ["person.created"], p)} ${knownTags}
       returning id, district_id as "districtId", first, last, email, language, roles, tags, archived, created_at as "createdAt"`,
      values,
    );
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/**
 * The create response is the Person without avatar_url, as the contract states. Roles given
 * at creation are grants: the caller must hold what they carry (an API key holds none).
 */
export async function createPerson(ctx: Ctx, input: CreatePersonInput) {
  const tags = [...new Set(input.tags ?? [])];
  const roleIds = Object.keys(input.roles ?? {});
  const quick = roleIds.length ? undefined : await createdAlone(ctx, input, tags);
  if (quick) return serializePerson(quick);
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
