import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db, Prisma } from "@/lib/db/client";
import { relationTo } from "./contact-relation";
import { personOf } from "./person-of";
import type { Contact } from "./schemas";

type Row = { id: string; first: string; last: string; staff: boolean; mentor_of_caller: boolean; candidate_of_caller: boolean };

/**
 * The people the caller may start a conversation with (contact-relation.ts), sorted by name:
 * active people of the caller's district only. With `only`, just those of these ids who are
 * contacts (to check a `participants` list in one query).
 */
export async function listContacts(ctx: Ctx, only?: string[]): Promise<Contact[]> {
  const me = personOf(ctx);
  const rows = await db().$queryRaw<Row[]>`
    select p.id, p.first, p.last,
      exists (select 1 from roles r where r.district_id = p.district_id and r.kind in ('admin', 'board') and jsonb_exists(p.roles, r.id)) as staff,
      exists (select 1 from mentor_assignments a where a.district_id = p.district_id and a.mentor_id = p.id and a.candidate_id = ${me.personId}) as mentor_of_caller,
      exists (select 1 from mentor_assignments a where a.district_id = p.district_id and a.candidate_id = p.id and a.mentor_id = ${me.personId}) as candidate_of_caller
    from people p
    where p.district_id = ${ctx.districtId} and not p.archived and p.id <> ${me.personId}
      ${only ? Prisma.sql`and p.id = any(${only}::text[])` : Prisma.empty}
    order by lower(p.last), lower(p.first), p.id`;
  const contacts: Contact[] = [];
  for (const row of rows) {
    const relation = relationTo(me.kinds, { staff: row.staff, mentorOfCaller: row.mentor_of_caller, candidateOfCaller: row.candidate_of_caller });
    if (relation) contacts.push({ id: row.id, first: row.first, last: row.last, relation });
  }
  return contacts;
}
