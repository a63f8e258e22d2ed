import "server-only";
import { db, type Db } from "@/lib/db/client";
import { readingLanguage } from "./reading-language";
import type { Reader } from "./serialize-message";

type Client = Pick<Db, "conversationParticipant">;

/** The current, active participants of a conversation (not those who left, nor archived people), with their reading language, in the order they joined. */
export async function listReaders(districtId: string, conversationId: string, client: Client = db()): Promise<Reader[]> {
  const rows = await client.conversationParticipant.findMany({
    // Archived people read nothing: no event, no translation, no unread count is made for them.
    where: { districtId, conversationId, leftAt: null, person: { archived: false } },
    select: { personId: true, person: { select: { language: true } } },
    orderBy: [{ joinedAt: "asc" }, { personId: "asc" }],
  });
  return rows.map((r) => ({ personId: r.personId, language: readingLanguage(r.person.language) }));
}
