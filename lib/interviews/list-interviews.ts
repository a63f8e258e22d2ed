import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { cachedDistrictList, cachedDistrictPage, databasePage, encodeJson } from "@/lib/list-cache/list-cache";
import type { JsonDocument } from "@/lib/http/json-document";
import { pageOf } from "@/lib/http/page-params";
import { foldedWords, wordsMatchSql } from "@/lib/people/words-match-sql";
import { interviewListSource } from "./interview-list-source";
import type { ListInterviewsQuery } from "./schemas";
import { serializeInterviewSummary, type InterviewRow } from "./serialize-interview";
import { assertCanAskAboutPerson, seesAllInterviews, visibleInterviewsSql } from "./visibility";

/** Interviews (alias p) matching `where`, newest first (created_at breaks ties between interviews of one day), in the list shape. */
async function interviewRows(where: string, values: unknown[]) {
  const rows = await sqlRows<InterviewRow>(
    `select ${interviewListSource.columns} from interviews p where ${where} order by ${interviewListSource.order}`,
    values,
  );
  return rows.map(serializeInterviewSummary);
}

/**
 * GET /api/interviews: every interview the caller may see, in the list shape (no responses
 * or audio, so the big JSON columns are never read), with optional filters:
 * person_id, board_id (or `none`), published (0|1), from / to (YYYY-MM-DD, inclusive), q (the
 * candidate's name).
 */
async function listInterviews(ctx: Ctx, query: ListInterviewsQuery = {}) {
  const { where, values } = filtersOf(ctx, query);
  return interviewRows(where, values);
}

/** The caller's visibility and the query's filters, as SQL on alias p. */
function filtersOf(ctx: Ctx, query: ListInterviewsQuery) {
  const { values, p } = sqlParams();
  const where = [visibleInterviewsSql(ctx, "p", p)];
  if (query.person_id !== undefined) where.push(`p.person_id = ${p(query.person_id)}`);
  if (query.board_id === "none") where.push("p.board_id is null");
  else if (query.board_id !== undefined) where.push(`p.board_id = ${p(query.board_id)}`);
  if (query.published !== undefined) where.push(`p.published = ${p(query.published)}`);
  if (query.from !== undefined) where.push(`p.date >= ${p(query.from)}`);
  if (query.to !== undefined) where.push(`p.date <= ${p(query.to)}`);
  // The candidate's name: the interview's visibility already holds the candidate's.
  const words = foldedWords(query.q);
  if (words.length)
    where.push(
      `exists (select 1 from people x where x.district_id = ${p(ctx.districtId)} and x.id = p.person_id${wordsMatchSql("x.first || ' ' || x.last", words, p)})`,
    );
  return { where: where.join(" and "), values };
}

/**
 * GET /api/interviews: staff asking for the whole district (no filter) share a cached copy
 * with an ETag, and read its pages from it; filtered lists and the lists of mentors and
 * candidates are built each time, their pages read by key in the database.
 */
export async function interviewsListDocument(ctx: Ctx, query: ListInterviewsQuery = {}): Promise<JsonDocument> {
  const { limit: _limit, cursor: _cursor, ...filters } = query;
  const shared = seesAllInterviews(ctx) && !Object.values(filters).some((v) => v !== undefined);
  const page = pageOf(query);
  if (!page) return shared ? cachedDistrictList(ctx.districtId, interviewListSource) : { body: encodeJson(await listInterviews(ctx, query)) };
  const fromCopy = shared ? await cachedDistrictPage(ctx.districtId, interviewListSource, page) : null;
  if (fromCopy) return fromCopy;
  const { where, values } = filtersOf(ctx, query);
  return databasePage(interviewListSource, where, values, page);
}

/** Interviews of one person that the caller may see, newest first, in the list shape. */
export async function listInterviewsOfPerson(ctx: Ctx, personId: string) {
  const { values, p } = sqlParams();
  return interviewRows(`${visibleInterviewsSql(ctx, "p", p)} and p.person_id = ${p(personId)}`, values);
}

/** GET /api/interviews/:personId: 404 unless the caller may ask about that person; else maybe []. */
export async function listInterviewsOfVisiblePerson(ctx: Ctx, personId: string) {
  await assertCanAskAboutPerson(ctx, personId);
  return listInterviewsOfPerson(ctx, personId);
}
