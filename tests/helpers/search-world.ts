import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { indexRecordingTranscript } from "@/lib/search/index-recording";
import { api } from "./api";
import { makeDistrict } from "./fixtures";

const en = (text: string) => ({ en: text });

const FIELDS = [
  { id: "open", type: "text", label: en("Open") },
  { id: "secret", type: "text", label: en("Private"), p: 1 },
  { id: "docs", type: "file", label: en("Documents") },
  { id: "privdocs", type: "file", label: en("Private documents"), p: 1 },
];

/** A district to search (tests/api/search.test.ts): who is who, and the records each one may find. */
export async function seedSearchWorld() {
  const d = await makeDistrict("Search");
  const [board, mentor, otherMentor, john, cleo, archived, peopleEditor, interviewEditor, french, leaver] = await Promise.all([
    d.addPerson("board"),
    d.addPerson("mentor", { first: "Mira", last: "Mentor" }),
    d.addPerson("mentor", { first: "Otto", last: "Mentor" }),
    d.addPerson("candidate", { first: "John", last: "Smithers" }),
    d.addPerson("candidate", { first: "Cleo", last: "Whitfield" }),
    d.addPerson("candidate", { first: "Archie", last: "Vance", archived: true }),
    d.addPersonWith(["people:edit"]),
    d.addPersonWith(["interviews:edit"]),
    d.addPerson("other", { first: "Fleur", last: "Martin", language: "fr" }),
    d.addPerson("other", { first: "Lea", last: "Leaver" }),
  ]);
  await d.assignMentor(mentor.id, john.id);
  await d.assignMentor(otherMentor.id, cleo.id);
  for (let i = 1; i <= 7; i++) await d.addPerson("other", { first: "Pagey", last: `Number${i}` });
  const tag = await db().tag.create({ data: { districtId: d.id, name: "Scholarship" } });
  await db().person.update({ where: { id: john.id, districtId: d.id }, data: { tags: [tag.id] } });

  const formId = (await api.post("/api/forms", d.admin.token, { name: "Form", fields: FIELDS })).body.id as string;
  const interview = async (personId: string, date: string, published: boolean, responses: Record<string, unknown>) =>
    (await db().interview.create({ data: { districtId: d.id, personId, date, formId, published, responses: responses as object } })).id;
  const published = await interview(john.id, "2026-05-02", true, {
    open: { en: "He spoke about leadership and gardening", es: "Habló de sus entrevistas y del liderazgo" },
    secret: en("a confidential zebra"),
  });
  await interview(john.id, "2026-05-01", false, { open: en("an unpublished walrus") });
  const cleoInterview = await interview(cleo.id, "2026-05-03", true, { open: en("a platypus") });

  const file = { districtId: d.id, storageKey: `${d.id}/x/${randomUUID()}`, contentType: "application/pdf", size: 3 };
  const openFile = (await db().interviewFile.create({ data: { ...file, interviewId: published, fieldId: "docs", name: "portfolio.pdf" } })).id;
  await db().interviewFile.create({ data: { ...file, interviewId: published, fieldId: "privdocs", name: "medical_record.pdf" } });
  const personFile = (await db().personFile.create({ data: { ...file, personId: john.id, name: "resume_john.pdf" } })).id;
  const archivedFile = (await db().personFile.create({ data: { ...file, personId: archived.id, name: "vance_cv.pdf" } })).id;

  const recordingOf = async (name: string, summary: string, segments: Array<[number, string]>) => {
    const id = `rec-${randomUUID()}`;
    await db().audioRecording.create({
      data: { id, districtId: d.id, interviewId: published, personId: john.id, name: en(name), summary, summaryLanguage: "en", language: "en" },
    });
    await db().transcriptSegment.createMany({
      data: segments.map(([start, text], index) => ({ recordingId: id, index, districtId: d.id, start, end: start + 5, language: "en", text })),
    });
    await indexRecordingTranscript({ districtId: d.id, recordingId: id });
    return id;
  };
  const recording = await recordingOf("Morning session", "A summary about volcanoes", [
    [0, "hello and welcome"],
    [35, "we discussed the aurora borealis"],
    [65, "thank you"],
  ]);
  const spareRecording = await recordingOf("Spare take", "nothing", [[0, "geysers again"]]);

  const conversation = async (people: string[], messages: Array<{ body: string; language?: string }>) => {
    const c = await db().conversation.create({ data: { districtId: d.id, createdById: d.admin.id, seq: messages.length } });
    await db().conversationParticipant.createMany({ data: people.map((personId) => ({ conversationId: c.id, personId, districtId: d.id })) });
    const ids: string[] = [];
    for (const [i, m] of messages.entries()) {
      const row = await db().message.create({
        data: { districtId: d.id, conversationId: c.id, senderId: d.admin.id, body: m.body, language: m.language ?? "en", seq: i + 1 },
      });
      ids.push(row.id);
    }
    return { id: c.id, ids };
  };
  const english = await conversation([d.admin.id, john.id], [{ body: "The quarterly report is ready" }]);
  const spanish = await conversation([d.admin.id, john.id, french.id], [{ body: "Hola, hablemos del presupuesto", language: "es" }]);
  const spanishMessage = spanish.ids[0];
  await db().translation.createMany({
    data: [
      { sourceType: "message", sourceId: spanishMessage, part: 0, language: "en", districtId: d.id, text: "Hello, let's talk about the budget" },
      { sourceType: "message", sourceId: spanishMessage, part: 0, language: "fr", districtId: d.id, text: "Bonjour, parlons des finances" },
    ],
  });
  // Lea left after the first message: she reads up to it (lastReadSeq), not what came after.
  const left = await conversation(
    [d.admin.id, john.id, leaver.id],
    [{ body: "the beforehand memo" }, { body: "Lea Leaver left" }, { body: "the afterwards memo" }],
  );
  await db().message.update({ where: { id: left.ids[1], districtId: d.id }, data: { kind: "left", senderId: leaver.id } });
  await db().conversationParticipant.update({
    where: { conversationId_personId: { conversationId: left.id, personId: leaver.id }, districtId: d.id },
    data: { leftAt: new Date(), lastReadSeq: 2 },
  });

  return {
    d,
    tokens: {
      admin: d.admin.token,
      board: board.token,
      mentor: mentor.token,
      otherMentor: otherMentor.token,
      john: john.token,
      cleo: cleo.token,
      peopleEditor: peopleEditor.token,
      interviewEditor: interviewEditor.token,
      french: french.token,
      leaver: leaver.token,
    },
    john: john.id,
    johnEmail: john.email,
    cleo: cleo.id,
    archived: archived.id,
    published,
    cleoInterview,
    openFile,
    personFile,
    archivedFile,
    recording,
    spareRecording,
    conversation: english.id,
    englishMessage: english.ids[0],
    spanishMessage,
  };
}

export type SearchWorld = Awaited<ReturnType<typeof seedSearchWorld>>;
