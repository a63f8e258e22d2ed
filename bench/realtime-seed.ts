import { randomBytes } from "node:crypto";

/**
 * The realtime bench's district, written straight into the app's embedded database (as another
 * process of `npm start` would): `readers` board members with sessions, a sender (the admin), and
 * a lister with `conversations` direct conversations of three messages each, the last unread.
 */
export async function seedRealtimeDistrict(counts: { readers: number; conversations: number }) {
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const { createDistrict } = await import("@/lib/districts/create-district");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  await prepareDatabase();
  const { district, roles } = await createDistrict({ name: "Realtime Bench", adminEmail: "sender@bench.test", adminFirst: "Sam", adminLast: "Sender" });
  const districtId = district.id;
  const person = (i: number, label: string, role: string) => {
    const email = `${label}${i}@bench.test`;
    return {
      id: `c${randomBytes(12).toString("hex")}`,
      districtId,
      first: `${label[0].toUpperCase()}${label.slice(1)}`,
      last: `Nr ${i}`,
      email,
      emailKey: email,
      roles: { [role]: 1 },
    };
  };
  const readers = Array.from({ length: counts.readers }, (_, i) => person(i, "reader", roles.board));
  const others = Array.from({ length: counts.conversations }, (_, i) => person(i, "contact", roles.candidate));
  const lister = person(0, "lister", roles.board);
  await db().person.createMany({ data: [...readers, ...others, lister] });

  const sessions = [];
  for (const reader of readers) sessions.push({ id: reader.id, token: (await createSessionFor(reader.email, districtId))!.token });
  const sender = (await createSessionFor("sender@bench.test", districtId))!.token;

  // The lister's 1,000 direct conversations, three messages each, the last one unread.
  const now = Date.now();
  const conversations = others.map((other, i) => ({
    id: `c${randomBytes(12).toString("hex")}`,
    districtId,
    directKey: [lister.id, other.id].sort().join(":"),
    seq: 3,
    createdById: lister.id,
    createdAt: new Date(now - (counts.conversations - i) * 60_000),
    lastMessageAt: new Date(now - (counts.conversations - i) * 60_000 + 2000),
  }));
  await db().conversation.createMany({ data: conversations });
  await db().conversationParticipant.createMany({
    data: conversations.flatMap((c, i) => [
      { conversationId: c.id, personId: lister.id, districtId, lastReadSeq: 2, joinedAt: c.createdAt },
      { conversationId: c.id, personId: others[i].id, districtId, lastReadSeq: 3, joinedAt: c.createdAt },
    ]),
  });
  await db().message.createMany({
    data: conversations.flatMap((c, i) =>
      [1, 2, 3].map((seq) => ({
        districtId,
        conversationId: c.id,
        senderId: seq === 2 ? lister.id : others[i].id,
        body: `Message ${seq} of conversation ${i}: the documents for the next board meeting.`,
        language: "en",
        seq,
        createdAt: new Date(c.createdAt.getTime() + seq * 1000),
      })),
    ),
  });
  const listerToken = (await createSessionFor(lister.email, districtId))!.token;
  await db().$executeRawUnsafe("analyze");
  await disconnectDb();

  return { sender, readers: sessions, lister: listerToken };
}
