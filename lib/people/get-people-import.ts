import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors/app-error";
import { importSelect, serializeImport } from "./serialize-people-import";

/** GET /api/people/import/jobs/:id: an import of the district run as a job (404 for another district's, or one removed after import-people-file.ts KEPT_DAYS). */
export async function getPeopleImport(ctx: Ctx, id: string) {
  const row = await db().peopleImport.findFirst({ where: { id, districtId: ctx.districtId }, select: importSelect });
  if (!row) throw notFound("Import");
  return serializeImport(ctx.origin, row);
}
