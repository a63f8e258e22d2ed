import { seesAllPeople, type Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { cachedDistrictList, encodeJson } from "@/lib/districts/list-cache";
import type { JsonDocument } from "@/lib/http/json-document";
import { peopleListSource } from "./people-list-source";
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

/** GET /api/people: callers who see the whole district share a cached copy with an ETag. */
export async function peopleListDocument(ctx: Ctx, query: { archived?: boolean }): Promise<JsonDocument> {
  if (!seesAllPeople(ctx)) return { body: encodeJson(await listPeople(ctx, query)) };
  return cachedDistrictList(ctx.districtId, peopleListSource(Boolean(query.archived)));
}
