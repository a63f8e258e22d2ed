import "server-only";
import { seesAllPeople, type Ctx } from "@/lib/auth/context";
import type { RoleKind } from "@/lib/auth/permissions";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { cachedDistrictList, cachedDistrictPage, databasePage, encodeJson } from "@/lib/list-cache/list-cache";
import { notFound } from "@/lib/errors/app-error";
import type { JsonDocument } from "@/lib/http/json-document";
import { pageOf, type CursorKey } from "@/lib/http/page-params";
import { peopleListSource } from "./people-list-source";
import type { PersonRow } from "./serialize-person";
import { visiblePeopleSql } from "./visibility";
import { foldedWords, wordsMatchSql } from "./words-match-sql";

type ListPeopleQuery = {
  archived?: boolean;
  ids?: string[];
  role_kind?: RoleKind;
  role?: string;
  tag?: string;
  q?: string;
  limit?: number;
  cursor?: CursorKey;
};

/** Whom the caller may see, of those the query names (`ids`) or who hold a role of its kind, archived or not as it asks. */
function listFilter(ctx: Ctx, query: ListPeopleQuery, p: (value: unknown) => string) {
  const named = query.ids ? ` and p.id = any(${p(query.ids)}::text[])` : "";
  const holding = query.role_kind
    ? ` and exists (select 1 from roles r where r.district_id = p.district_id and r.kind::text = ${p(query.role_kind)} and p.roles ? r.id)`
    : "";
  const role = query.role ? ` and p.roles ? ${p(query.role)}` : "";
  const tag = query.tag ? ` and ${p(query.tag)} = any(p.tags)` : "";
  const matching = wordsMatchSql("p.first || ' ' || p.last || ' ' || p.email", foldedWords(query.q), p);
  return `${visiblePeopleSql(ctx, "p", p)} and ${peopleListSource(Boolean(query.archived)).filter("p")}${named}${holding}${role}${tag}${matching}`;
}

/** A filter naming a role or tag the district does not have (another district's id) is a 404, as any unknown id. */
async function checkFilterIds(ctx: Ctx, query: ListPeopleQuery) {
  if (!query.role && !query.tag) return;
  const [known] = await sqlRows<{ role: boolean; tag: boolean }>(
    `select exists (select 1 from roles where id = $1 and district_id = $3) as role, exists (select 1 from tags where id = $2 and district_id = $3) as tag`,
    [query.role ?? "", query.tag ?? "", ctx.districtId],
  );
  if (query.role && !known?.role) throw notFound("Role");
  if (query.tag && !known?.tag) throw notFound("Tag");
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
 * read its pages from it; others, and a filtered list (`ids`, `role_kind`, `role`, `tag`, `q`), get theirs built, pages
 * read by key in the database.
 */
export async function peopleListDocument(ctx: Ctx, query: ListPeopleQuery): Promise<JsonDocument> {
  const source = peopleListSource(Boolean(query.archived));
  const page = pageOf(query);
  await checkFilterIds(ctx, query);
  const shared = seesAllPeople(ctx) && !query.ids && !query.role_kind && !query.role && !query.tag && !foldedWords(query.q).length;
  if (!page) return shared ? cachedDistrictList(ctx.districtId, source) : { body: encodeJson(await listPeople(ctx, query)) };
  const fromCopy = shared ? await cachedDistrictPage(ctx.districtId, source, page) : null;
  if (fromCopy) return fromCopy;
  const { values, p } = sqlParams();
  return databasePage(source, listFilter(ctx, query, p), values, page);
}
