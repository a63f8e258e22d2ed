import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { interviewListSelect, serializeInterviewSummary } from "./serialize-interview";
import { visibleInterviewsWhere } from "./visibility";

/** Interviews of one person that the caller may see, newest first, in the list shape. */
export async function listInterviewsOfPerson(ctx: Ctx, personId: string) {
  const rows = await db().interview.findMany({
    where: { AND: [visibleInterviewsWhere(ctx), { personId }] },
    select: interviewListSelect,
    orderBy: [{ date: "desc" }, { createdAt: "desc" }],
  });
  return rows.map(serializeInterviewSummary);
}
