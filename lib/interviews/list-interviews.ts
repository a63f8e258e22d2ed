import type { Ctx } from "@/lib/auth/context";
import { db, type Prisma } from "@/lib/db/client";
import { cachedDistrictList, encodeJson } from "@/lib/districts/list-cache";
import type { JsonDocument } from "@/lib/http/json-document";
import { interviewListSource } from "./interview-list-source";
import type { ListInterviewsQuery } from "./schemas";
import { interviewListSelect, serializeInterviewSummary } from "./serialize-interview";
import { assertCanAskAboutPerson, seesAllInterviews, visibleInterviewsWhere } from "./visibility";

// Newest first; created_at breaks ties between interviews of the same day.
const newestFirst = [{ date: "desc" }, { createdAt: "desc" }, { id: "desc" }] satisfies Prisma.InterviewOrderByWithRelationInput[];

/**
 * GET /api/interviews: every interview the caller may see, in the list shape (no responses
 * or audio, so the big JSON columns are never read), with optional filters:
 * person_id, board_id, published (0|1), from / to (YYYY-MM-DD, inclusive).
 */
export async function listInterviews(ctx: Ctx, query: ListInterviewsQuery = {}) {
  const filters: Prisma.InterviewWhereInput = {
    personId: query.person_id,
    boardId: query.board_id,
    published: query.published,
    date: query.from || query.to ? { gte: query.from, lte: query.to } : undefined,
  };
  const rows = await db().interview.findMany({
    where: { AND: [visibleInterviewsWhere(ctx), filters] },
    select: interviewListSelect,
    orderBy: newestFirst,
  });
  return rows.map(serializeInterviewSummary);
}

/**
 * GET /api/interviews: staff asking for the whole district (no filter) share a cached copy
 * with an ETag; filtered lists and the lists of mentors and candidates are built each time.
 */
export async function interviewsListDocument(ctx: Ctx, query: ListInterviewsQuery = {}): Promise<JsonDocument> {
  const filtered = Object.values(query).some((v) => v !== undefined);
  if (filtered || !seesAllInterviews(ctx)) return { body: encodeJson(await listInterviews(ctx, query)) };
  return cachedDistrictList(ctx.districtId, interviewListSource);
}

/** Interviews of one person that the caller may see, newest first, in the list shape. */
export async function listInterviewsOfPerson(ctx: Ctx, personId: string) {
  const rows = await db().interview.findMany({
    where: { AND: [visibleInterviewsWhere(ctx), { personId }] },
    select: interviewListSelect,
    orderBy: newestFirst,
  });
  return rows.map(serializeInterviewSummary);
}

/** GET /api/interviews/:personId: 404 unless the caller may ask about that person; else maybe []. */
export async function listInterviewsOfVisiblePerson(ctx: Ctx, personId: string) {
  await assertCanAskAboutPerson(ctx, personId);
  return listInterviewsOfPerson(ctx, personId);
}
