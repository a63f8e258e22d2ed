import { seesAllPeople, type Ctx } from "@/lib/auth/context";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { cachedDistrictList, encodeJson } from "@/lib/districts/list-cache";
import type { JsonDocument } from "@/lib/http/json-document";
import { peopleListSource } from "./people-list-source";
import type { PersonRow } from "./serialize-person";
import { visiblePeopleSql } from "./visibility";

/** Active people by default; `archived: true` includes the archived ones too. In the copy's order and shape. */
export async function listPeople(ctx: Ctx, query: { archived?: boolean }) {
  const source = peopleListSource(Boolean(query.archived));
  const { values, p } = sqlParams();
  const rows = await sqlRows<PersonRow>(`select ${source.columns} from people p where ${visiblePeopleSql(ctx, "p", p)} and ${source.filter("p")} order by ${source.order}`, values);
  return rows.map(source.serialize);
}

/** GET /api/people: callers who see the whole district share a cached copy with an ETag. */
export async function peopleListDocument(ctx: Ctx, query: { archived?: boolean }): Promise<JsonDocument> {
  if (!seesAllPeople(ctx)) return { body: encodeJson(await listPeople(ctx, query)) };
  return cachedDistrictList(ctx.districtId, peopleListSource(Boolean(query.archived)));
}
