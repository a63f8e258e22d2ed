import "server-only";
import { seesAllPeople, type Ctx } from "@/lib/auth/context";
import type { RoleKind } from "@/lib/auth/permissions";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { cachedDistrictList, cachedDistrictPage, databasePage, encodeJson } from "@/lib/list-cache/list-cache";
import type { JsonDocument } from "@/lib/http/json-document";
import { pageOf, type CursorKey } from "@/lib/http/page-params";
import { peopleListSource } from "./people-list-source";
import type { PersonRow } from "./serialize-person";
import { visiblePeopleSql } from "./visibility";

type ListPeopleQuery = { archived?: boolean; ids?: string[]; role_kind?: RoleKind; limit?: number; cursor?: CursorKey };

/** Whom the caller may see, of those the query names (`ids`) or who hold a role of its kind, archived or not as it asks. */
function listFilter(ctx: Ctx, query: ListPeopleQuery, p: (value: unknown) => string) {
  const named = query.ids ? ` and p.id = any(${p(query.ids)}::text[])` : "";
  const holding = query.role_kind
    ? ` and exists (select 1 from roles r where r.district_id = p.district_id and r.kind::text = ${p(query.role_kind)} and p.roles ? r.id)`
    : "";
  return `${visiblePeopleSql(ctx, "p", p)} and ${peopleListSource(Boolean(query.archived)).filter("p")}${named}${holding}`;
}

/** Active people by default; `archived: true` includes the archived ones too. In the copy's order and shape. */
async function listPeople(ctx: Ctx, query: ListPeopleQuery) {
  const source = peopleListSource(Boolean(query.archived));
  const { values, p } = sqlParams();
  const rows = await sqlRows<PersonRow>(`select ${source.columns} from people p where ${listFilter(ctx, query, p)} order by ${source.order}`, values);
  return rows.map(source.serialize);
}

/**
 * GET /api/people: callers who see the whole district share a cached copy with an ETag, and
 * read its pages from it; others, and a filtered list (`ids`, `role_kind`), get theirs built, pages
 * read by key in the database.
 */
export async function peopleListDocument(ctx: Ctx, query: ListPeopleQuery): Promise<JsonDocument> {
  const source = peopleListSource(Boolean(query.archived));
  const page = pageOf(query);
  const shared = seesAllPeople(ctx) && !query.ids && !query.role_kind;
  if (!page) return shared ? cachedDistrictList(ctx.districtId, source) : { body: encodeJson(await listPeople(ctx, query)) };
  const fromCopy = shared ? await cachedDistrictPage(ctx.districtId, source, page) : null;
  if (fromCopy) return fromCopy;
  const { values, p } = sqlParams();
  return databasePage(source, listFilter(ctx, query, p), values, page);
}
