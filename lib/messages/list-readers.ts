import { db, type Db } from "@/lib/db/client";
import { readingLanguage } from "./reading-language";
import type { Reader } from "./serialize-message";

type Client = Pick<Db, "conversationParticipant">;

/** The current participants of a conversation (not those who left), with their reading language, in the order they joined. */
export async function listReaders(districtId: string, conversationId: string, client: Client = db()): Promise<Reader[]> {
  const rows = await client.conversationParticipant.findMany({
    where: { districtId, conversationId, leftAt: null },
    select: { personId: true, person: { select: { language: true } } },
    orderBy: [{ joinedAt: "asc" }, { personId: "asc" }],
  });
  return rows.map((r) => ({ personId: r.personId, language: readingLanguage(r.person.language) }));
}
