import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { confirmSession, sessionCheckColumn } from "@/lib/auth/session-check";
import { sqlParams, sqlRows } from "@/lib/db/pool";
import { notFound } from "@/lib/errors/app-error";
import { listInterviewsOfPerson } from "@/lib/interviews/list-interviews";
import { fileUrl } from "@/lib/storage/file-names";
import { serializePersonFile } from "./person-files";
import type { Include } from "./schemas";
import { avatarUrl, serializePerson, type PersonRow } from "./serialize-person";
import { visiblePeopleSql } from "./visibility";

type FileJson = { id: string; name: string; storageKey: string; contentType: string; size: number; createdMs: number };
type Row = PersonRow & {
  avatarKey: string | null;
  mentors: string[];
  files: FileJson[] | null;
  tagRows: { id: string; name: string }[] | null;
  sessionState?: string | null;
};

/**
 * The single-person result: Person + avatar_url + mentors, plus whatever `include` asks for.
 * One statement (the person, their mentors, files and tag names as JSON beside it): the hottest
 * read of the API, sent as plain SQL rather than through Prisma's query engine. On a remembered
 * session, the same statement checks the session (lib/auth/session-check.ts).
 */
export async function getPerson(ctx: Ctx, id: string, include: ReadonlySet<Include> = new Set()) {
  const { values, p } = sqlParams();
  const visible = visiblePeopleSql(ctx, "p", p);
  const [row] = await sqlRows<Row>(
    `select p.id, p.district_id as "districtId", p.first, p.last, p.email, p.language, p.roles, coalesce(p.tags, '{}') as tags, p.archived,
            p.created_at as "createdAt", p.avatar_key as "avatarKey",
            coalesce((select json_agg(m.mentor_id order by m.created_at) from mentor_assignments m
                       where m.district_id = p.district_id and m.candidate_id = p.id), '[]'::json) as mentors,
            ${
              include.has("files")
                ? `coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'storageKey', f.storage_key, 'contentType', f.content_type,
                                                                 'size', f.size, 'createdMs', (extract(epoch from f.created_at) * 1000)::float8) order by f.created_at)
                               from person_files f where f.district_id = p.district_id and f.person_id = p.id), '[]'::json)`
                : "null"
            } as files,
            ${
              include.has("tags")
                ? `coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name)) from tags t
                              where t.district_id = p.district_id and t.id = any(p.tags)), '[]'::json)`
                : "null"
            } as "tagRows"${sessionCheckColumn(ctx, p)}
       from people p where p.id = ${p(id)} and ${visible}`,
    values,
  );
  if (!row) throw notFound("Person");
  confirmSession(ctx, row.sessionState);
  const person: Record<string, unknown> = {
    ...serializePerson(row),
    avatar_url: avatarUrl(ctx.origin, row),
    mentors: row.mentors,
  };
  if (include.has("photo_url")) person.photo_url = row.avatarKey ? fileUrl(ctx.origin, row.avatarKey) : null;
  if (include.has("files")) person.files = (row.files ?? []).map((f) => serializePersonFile(ctx, { ...f, createdAt: new Date(f.createdMs) }));
  if (include.has("tags")) {
    const byId = new Map((row.tagRows ?? []).map((t) => [t.id, t]));
    person.tag_details = row.tags.map((t) => byId.get(t)).filter(Boolean);
  }
  if (include.has("interviews")) person.interviews = await listInterviewsOfPerson(ctx, id);
  return person;
}
