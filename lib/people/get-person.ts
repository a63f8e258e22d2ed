import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { listInterviewsOfPerson } from "@/lib/interviews/list-interviews";
import { fileUrl } from "@/lib/storage/file-names";
import { serializePersonFile } from "./person-files";
import type { Include } from "./schemas";
import { avatarUrl, personSelect, serializePerson } from "./serialize-person";
import { visiblePeopleWhere } from "./visibility";

/** The single-person result: Person + avatar_url + mentors, plus whatever `include` asks for. */
export async function getPerson(ctx: Ctx, id: string, include: ReadonlySet<Include> = new Set()) {
  const row = await db().person.findFirst({
    where: { AND: [visiblePeopleWhere(ctx), { id }] },
    select: {
      ...personSelect,
      avatarKey: true,
      mentoredBy: { select: { mentorId: true }, orderBy: { createdAt: "asc" } },
      files: include.has("files") ? { orderBy: { createdAt: "asc" } } : false,
    },
  });
  if (!row) throw notFound("Person");
  const person: Record<string, unknown> = {
    ...serializePerson(row),
    avatar_url: avatarUrl(ctx.origin, row),
    mentors: row.mentoredBy.map((m) => m.mentorId),
  };
  if (include.has("photo_url")) person.photo_url = row.avatarKey ? fileUrl(ctx.origin, row.avatarKey) : null;
  if (include.has("files")) person.files = (row.files ?? []).map((f) => serializePersonFile(ctx, f));
  if (include.has("tags")) {
    const tags = await db().tag.findMany({ where: { districtId: ctx.districtId, id: { in: row.tags } }, select: { id: true, name: true } });
    const byId = new Map(tags.map((t) => [t.id, t]));
    person.tag_details = row.tags.map((t) => byId.get(t)).filter(Boolean);
  }
  if (include.has("interviews")) person.interviews = await listInterviewsOfPerson(ctx, id);
  return person;
}
