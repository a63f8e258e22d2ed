import "server-only";
import type { Ctx } from "@/lib/auth/context";
import { db } from "@/lib/db/client";
import { getInterview } from "@/lib/interviews/get-interview";
import { listInterviewsOfPerson } from "@/lib/interviews/list-interviews";
import { listScorecards } from "@/lib/scorecards/list-scorecards";
import { getPerson } from "./get-person";
import type { Include } from "./schemas";

/** A stored object to copy into the archive, under `path`. */
type StoredPart = { path: string; key: string };

/** Everything the export holds, read before a byte is sent: an error then is still an error response. */
export type PersonExport = {
  person: Record<string, unknown>;
  interviews: { id: string; interview: unknown; scorecards: unknown[] }[];
  recordings: { id: string; interviewId: string; transcript: string | null; language: string | null; summary: string | null; summaryLanguage: string | null }[];
  messages: { id: string; conversation_id: string; body: string; language: string; seq: number; created_at: number }[];
  stored: StoredPart[];
};

/** A file name's extension from a content type ("audio/webm;codecs=opus" -> ".webm"). */
const extensionOf = (contentType: string | null) => {
  const subtype = /^[a-z]+\/([a-z0-9.+-]+)/i.exec(contentType ?? "")?.[1]?.toLowerCase();
  const known: Record<string, string> = { mpeg: "mp3", mp4: "m4a", "x-wav": "wav", wave: "wav", "x-m4a": "m4a" };
  return subtype ? `.${known[subtype] ?? subtype.replace(/[^a-z0-9]/g, "")}` : "";
};

/** The archive path of a stored file: its id keeps names unique, its name says what it is. */
const entryName = (folder: string, id: string, name: string) => `${folder}/${id}-${name.replace(/[^\p{L}\p{N}._ -]+/gu, "_").slice(0, 120) || "file"}`;

/** The person as an admin reads them (GET /api/people/:id with files and tags), with their roles', mentors' and boards' names. */
async function readPerson(ctx: Ctx, id: string) {
  const person = await getPerson(ctx, id, new Set<Include>(["files", "tags", "photo_url"]));
  const roleIds = Object.keys((person.roles ?? {}) as Record<string, number>);
  const [roles, boards, candidates] = await Promise.all([
    db().role.findMany({ where: { districtId: ctx.districtId, id: { in: roleIds } }, select: { id: true, name: true, kind: true, permissions: true } }),
    db().board.findMany({ where: { districtId: ctx.districtId, members: { some: { personId: id } } }, select: { id: true, name: true } }),
    db().mentorAssignment.findMany({ where: { districtId: ctx.districtId, mentorId: id }, select: { candidateId: true } }),
  ]);
  const held = (person.roles ?? {}) as Record<string, 1 | 2>;
  return {
    ...person,
    role_details: roles.map((r) => ({ ...r, primary: held[r.id] === 1 })),
    boards,
    mentor_of: candidates.map((c) => c.candidateId),
  };
}

/** Reads everything of the person that the export holds, as the calling admin sees it (404 for another district's id). */
export async function readPersonExport(ctx: Ctx, id: string): Promise<PersonExport> {
  const person = await readPerson(ctx, id);
  const row = await db().person.findFirstOrThrow({
    where: { id, districtId: ctx.districtId },
    select: { avatarKey: true, files: { select: { id: true, name: true, storageKey: true }, orderBy: { createdAt: "asc" } } },
  });
  const list = await listInterviewsOfPerson(ctx, id);
  const interviews = [];
  for (const summary of list as { id: string }[]) {
    const [interview, scorecards] = await Promise.all([getInterview(ctx, id, summary.id), listScorecards(ctx, id, summary.id)]);
    interviews.push({ id: summary.id, interview, scorecards });
  }
  const interviewIds = interviews.map((i) => i.id);
  const [recordings, attachments, messages] = await Promise.all([
    db().audioRecording.findMany({
      where: { districtId: ctx.districtId, interviewId: { in: interviewIds }, finalizedAt: { not: null } },
      select: { id: true, interviewId: true, storageKey: true, contentType: true, transcript: true, language: true, summary: true, summaryLanguage: true },
      orderBy: { createdAt: "asc" },
    }),
    db().interviewFile.findMany({
      where: { districtId: ctx.districtId, interviewId: { in: interviewIds } },
      select: { id: true, interviewId: true, name: true, storageKey: true },
    }),
    db().message.findMany({
      where: { districtId: ctx.districtId, senderId: id, kind: "message" },
      select: { id: true, conversationId: true, body: true, language: true, seq: true, createdAt: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const stored: StoredPart[] = [
    ...(row.avatarKey ? [{ path: `photo${/\.[a-z0-9]{1,10}$/i.exec(row.avatarKey)?.[0] ?? ""}`, key: row.avatarKey }] : []),
    ...row.files.map((f) => ({ path: entryName("files", f.id, f.name), key: f.storageKey })),
    ...attachments.map((f) => ({ path: entryName(`interviews/${f.interviewId}/files`, f.id, f.name), key: f.storageKey })),
    ...recordings.flatMap((r) => (r.storageKey ? [{ path: `recordings/${r.id}/audio${extensionOf(r.contentType)}`, key: r.storageKey }] : [])),
  ];
  return {
    person,
    interviews,
    recordings: recordings.map((r) => ({
      id: r.id,
      interviewId: r.interviewId!,
      transcript: r.transcript,
      language: r.language,
      summary: r.summary,
      summaryLanguage: r.summaryLanguage,
    })),
    messages: messages.map((m) => ({
      id: m.id,
      conversation_id: m.conversationId,
      body: m.body,
      language: m.language,
      seq: m.seq,
      created_at: m.createdAt.getTime(),
    })),
    stored,
  };
}
