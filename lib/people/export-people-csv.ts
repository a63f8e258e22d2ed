import "server-only";
import { stringify } from "csv-stringify/sync";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { PEOPLE_CSV_COLUMNS, type ExportPeopleQuery } from "./csv-schemas";
import { exportName, neutralizeFormula, type Named } from "./people-csv-cells";
import { visiblePeopleWhere } from "./visibility";
import { fold, foldedWords } from "./words-match-sql";

/** People read per query: the stream holds one batch at a time, whatever the district's size. */
const BATCH = 1000;

type Row = { id: string; first: string; last: string; email: string; language: string; roles: unknown; tags: string[]; archived: boolean };

/**
 * GET /api/people.csv: the people the caller sees (as GET /api/people), filtered like the people
 * page (archived, role, tag, and `q`: every word in the name or e-mail, accents and case
 * ignored), in its order (last name, first name). Streamed: people are read BATCH at a time with
 * a cursor and written as they come, so 50,000 rows use the memory of 1,000. UTF-8 with a BOM
 * (spreadsheets need it to read UTF-8), CRLF line ends, cells that a spreadsheet would run as a
 * formula neutralised with a leading apostrophe.
 */
export async function peopleCsvResponse(ctx: Ctx, query: ExportPeopleQuery): Promise<Response> {
  const words = foldedWords(query.q);
  const where = {
    AND: [visiblePeopleWhere(ctx), query.archived ? {} : { archived: false }, query.tag ? { tags: { has: query.tag } } : {}],
  };
  const encoder = new TextEncoder();
  const [roles, tags] = await Promise.all([
    db().role.findMany({ where: { districtId: ctx.districtId }, select: { id: true, name: true } }),
    db().tag.findMany({ where: { districtId: ctx.districtId }, select: { id: true, name: true } }),
  ]);
  const names: { roles: Named[]; tags: Named[] } = { roles, tags };
  // A filter naming a role or tag the district does not have (another district's id) is a 404, as any unknown id.
  if (query.role && !roles.some((r) => r.id === query.role)) throw notFound("Role");
  if (query.tag && !tags.some((t) => t.id === query.tag)) throw notFound("Tag");
  let cursor: string | undefined;
  let done = false;

  const line = (p: Row) => {
    const roles = Object.entries((p.roles ?? {}) as Record<string, number>);
    const name = (list: Named[], id: string) => {
      const found = list.find((item) => item.id === id);
      return found ? exportName(found, list) : id;
    };
    const named = (ids: string[], list: Named[]) => ids.map((id) => name(list, id)).join("; ");
    return [
      p.first,
      p.last,
      p.email,
      p.language,
      named(
        roles.filter(([, rank]) => rank === 1).map(([id]) => id),
        names.roles,
      ),
      named(
        roles.filter(([, rank]) => rank !== 1).map(([id]) => id),
        names.roles,
      ),
      named(p.tags, names.tags),
      p.archived ? "1" : "0",
    ].map(neutralizeFormula);
  };
  const matches = (p: Row) =>
    (!query.role || Object.hasOwn((p.roles ?? {}) as object, query.role)) && words.every((w) => fold(`${p.first} ${p.last} ${p.email}`).includes(w));

  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode("\uFEFF" + stringify([[...PEOPLE_CSV_COLUMNS]], { record_delimiter: "windows" })));
      },
      async pull(controller) {
        // Batches whose people the filters all drop are skipped without returning empty-handed.
        while (!done) {
          const rows: Row[] = await db().person.findMany({
            where,
            select: { id: true, first: true, last: true, email: true, language: true, roles: true, tags: true, archived: true },
            orderBy: [{ last: "asc" }, { first: "asc" }, { id: "asc" }],
            take: BATCH,
            ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
          });
          done = rows.length < BATCH;
          cursor = rows.at(-1)?.id;
          const kept = rows.filter(matches);
          if (kept.length) return controller.enqueue(encoder.encode(stringify(kept.map(line), { record_delimiter: "windows" })));
        }
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="people.csv"',
      "cache-control": "private, no-store",
    },
  });
}
