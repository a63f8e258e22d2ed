import "server-only";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { APP_ACTIONS } from "@/lib/audit/actions.shared";
import { recordCallerEvents } from "@/lib/audit/record-audit-event";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { readPersonExport } from "./export-person-parts";
import { exportReadme } from "./export-person-readme";

const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + "\n");

/**
 * GET /api/people/:id/export: a ZIP of everything the service holds about the person (see
 * export-person-readme.ts), for an administrator. Every record is read first, so a refusal or an
 * error is still an error response; the stored files (audio, uploads) are then copied into the
 * archive one at a time while it is sent, never held in memory (yazl's lazy streams).
 */
export async function exportPerson(ctx: Ctx, id: string): Promise<Response> {
  const data = await readPersonExport(ctx, id);
  // A read of private data: recorded before a byte is sent (committed on its own, like every read's record).
  await recordCallerEvents(ctx, [{ action: APP_ACTIONS.personExported, recordType: "person", recordId: id, personId: id }]);
  const district = await db().district.findUniqueOrThrow({ where: { id: ctx.districtId }, select: { name: true } });
  const now = new Date();
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(exportReadme(id, now, district.name)), "README.txt", { mtime: now });
  zip.addBuffer(json(data.person), "person.json", { mtime: now });
  for (const { id: interviewId, interview, scorecards } of data.interviews) {
    zip.addBuffer(json(interview), `interviews/${interviewId}/interview.json`, { mtime: now });
    zip.addBuffer(json(scorecards), `interviews/${interviewId}/scorecards.json`, { mtime: now });
  }
  for (const r of data.recordings) {
    if (r.transcript !== null) zip.addBuffer(Buffer.from(r.transcript), `recordings/${r.id}/transcript.txt`, { mtime: now });
    if (r.summary !== null) zip.addBuffer(Buffer.from(r.summary), `recordings/${r.id}/summary.txt`, { mtime: now });
  }
  zip.addBuffer(json(data.messages), "messages.json", { mtime: now });
  // A file whose bytes are gone (a delete that failed half-way) is left out rather than sent empty.
  const present = await Promise.all(data.stored.map(async (part) => ((await storage().head(part.key)) ? part : null)));
  for (const part of present.filter((p) => p !== null)) {
    // Already compressed (audio, images, documents): stored as they are.
    zip.addReadStreamLazy(part.path, { mtime: now, compress: false }, (done) => {
      storage()
        .get(part.key)
        .then((object) => done(null, object ? Readable.fromWeb(object.body as import("node:stream/web").ReadableStream<Uint8Array>) : Readable.from([])))
        .catch((error: Error) => done(error, undefined as never));
    });
  }
  // A file that fails while it is copied ends the download (the client sees it cut), never a silent gap.
  zip.on("error", (error: Error) => {
    console.error("[export] could not copy a stored file", error);
    (zip.outputStream as Readable).destroy(error);
  });
  zip.end();
  const body = Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="person-${id}.zip"`,
      "cache-control": "private, no-store",
    },
  });
}
