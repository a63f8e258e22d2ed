import "server-only";
import { seesAllPeople, type Ctx } from "@/lib/auth/context";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { cachedDistrictList, cachedDistrictPage, databasePage, encodeJson } from "@/lib/list-cache/list-cache";
import type { JsonDocument } from "@/lib/http/json-document";
import { pageOf, type CursorKey } from "@/lib/http/page-params";
import { peopleListSource } from "./people-list-source";
import type { PersonRow } from "./serialize-person";
import { visiblePeopleSql } from "./visibility";

type ListPeopleQuery = { archived?: boolean; limit?: number; cursor?: CursorKey };

/** Active people by default; `archived: true` includes the archived ones too. In the copy's order and shape. */
async function listPeople(ctx: Ctx, query: { archived?: boolean }) {
  const source = peopleListSource(Boolean(query.archived));
  const { values, p } = sqlParams();
  const rows = await sqlRows<PersonRow>(
    `select ${source.columns} from people p where ${visiblePeopleSql(ctx, "p", p)} and ${source.filter("p")} order by ${source.order}`,
    values,
  );
  return rows.map(source.serialize);
}

/**
 * GET /api/people: callers who see the whole district share a cached copy with an ETag, and
 * read its pages from it; others get theirs built, pages read by key in the database.
 */
export async function peopleListDocument(ctx: Ctx, query: ListPeopleQuery): Promise<JsonDocument> {
  const source = peopleListSource(Boolean(query.archived));
  const page = pageOf(query);
  const shared = seesAllPeople(ctx);
  if (!page) return shared ? cachedDistrictList(ctx.districtId, source) : { body: encodeJson(await listPeople(ctx, query)) };
  const fromCopy = shared ? await cachedDistrictPage(ctx.districtId, source, page) : null;
  if (fromCopy) return fromCopy;
  const { values, p } = sqlParams();
  return databasePage(source, `${visiblePeopleSql(ctx, "p", p)} and ${source.filter("p")}`, values, page);
}
