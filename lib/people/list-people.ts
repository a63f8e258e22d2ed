import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { personSelect, serializePerson } from "./serialize-person";
import { visiblePeopleWhere } from "./visibility";

/** Active people by default; `archived: true` includes the archived ones too. */
export async function listPeople(ctx: Ctx, query: { archived?: boolean }) {
  const rows = await db().person.findMany({
    where: { AND: [visiblePeopleWhere(ctx), query.archived ? {} : { archived: false }] },
    select: personSelect,
    orderBy: [{ last: "asc" }, { first: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ ...serializePerson(row), avatar_url: null }));
}
