import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { createSessionFor } from "@/lib/auth/create-session";
import { db } from "@/lib/db/client";
import { storage } from "@/lib/storage/storage";
import { api } from "./api";
import type { TestDistrict } from "./fixtures";

/** Letters only: a token that no text search configuration stems or splits, and that nothing else contains. */
const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join("");

/**
 * A candidate with everything a person can have, each part carrying words found nowhere else
 * (`secrets`): a file, a photo, a published interview with a private answer, a recording with its
 * audio, transcript, summary, segments and a translation, an attachment, a direct conversation with
 * the admin, and an invitation e-mail. For the export and erase tests.
 */
export async function seedPersonRecords(d: TestDistrict, label: string) {
  const first = `Zephyrine${letters(8)}`;
  const last = `Quill${letters(8)}`;
  const email = `${first.toLowerCase()}.${label}@example.test`;
  const said = `Marmalade${letters(10)}`;
  const answer = `Cobblestone${letters(10)}`;
  const privateAnswer = `Hushhush${letters(10)}`;
  const transcript = `Transcribed ${first} ${last} ${letters(6)}`;
  const summary = `Summary of ${first} ${letters(6)}`;
  const fileText = `file of ${first} ${letters(6)}`;

  const created = await api.post("/api/people", d.admin.token, { first, last, email, roles: { [d.roles.candidate]: 1 } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const token = (await createSessionFor(email, d.id))!.token;

  const form = new FormData();
  form.set("file", new File([fileText], `${last}-cv.txt`, { type: "text/plain" }));
  const file = await api.post(`/api/people/${id}/uploads`, d.admin.token, undefined, { form });
  expect(file.status).toBe(201);
  const photo = new FormData();
  photo.set("file", new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "me.png", { type: "image/png" }));
  expect((await api.put(`/api/people/${id}/photo`, d.admin.token, { form: photo })).status).toBeLessThan(300);

  const label2 = (en: string) => ({ en });
  const formRes = await api.post("/api/forms", d.admin.token, {
    name: `Review ${letters(4)}`,
    fields: [
      { id: "notes", type: "text", label: label2("Notes") },
      { id: "secret", type: "text", label: label2("Private notes"), p: 1 },
    ],
  });
  expect(formRes.status).toBe(201);
  const board = await api.post("/api/boards", d.admin.token, { name: `Board ${letters(6)}`, members: [d.admin.id] });
  expect(board.status).toBe(201);
  const interview = await api.post(`/api/interviews/${id}`, d.admin.token, { date: "2026-03-10", form_id: formRes.body.id, board_id: board.body.id });
  expect(interview.status).toBe(201);
  const interviewId = interview.body.id as string;
  const answered = await api.patch(`/api/interviews/${id}/${interviewId}`, d.admin.token, {
    published: 1,
    responses: { notes: { en: `${answer} about ${first}` }, secret: { en: privateAnswer } },
  });
  expect(answered.status).toBe(200);
  expect(answered.body.responses.secret).toEqual({ en: privateAnswer });
  const scoreNote = `Scored ${first} ${letters(6)}`;
  expect((await api.put(`/api/interviews/${id}/${interviewId}/scorecards/me`, d.admin.token, { body: { recommendation: 3, note: scoreNote } })).status).toBe(
    200,
  );

  const recordingId = `rec-${letters(10)}`;
  const audioKey = `${d.id}/audio/${interviewId}/${recordingId}.webm`;
  const audio = Buffer.concat([Buffer.from("OggS-fake-audio-"), randomBytes(64 * 1024)]);
  await storage().put(audioKey, audio, "audio/webm");
  await db().audioRecording.create({
    data: {
      id: recordingId,
      districtId: d.id,
      ownerPersonId: d.admin.id,
      interviewId,
      personId: id,
      name: { en: `Interview of ${first}` },
      storageKey: audioKey,
      contentType: "audio/webm",
      size: audio.length,
      durationMs: 3000,
      finalizedAt: new Date(),
      language: "en",
      transcript,
      transcribedAt: new Date(),
      summary,
      summaryLanguage: "en",
      summarizedAt: new Date(),
      segments: { create: [{ index: 0, districtId: d.id, start: 0, end: 3, language: "en", text: transcript }] },
    },
  });
  await db().translation.create({ data: { sourceType: "transcript", sourceId: recordingId, language: "es", districtId: d.id, text: `Transcrito ${first}` } });

  const conversation = await api.post("/api/messages", token, { participants: [d.admin.id], body: `${said}, says ${first}` });
  expect(conversation.status).toBe(201);
  const conversationId = conversation.body.id as string;
  const reply = `Reply ${letters(8)}`;
  expect((await api.post(`/api/messages/${conversationId}`, d.admin.token, { body: reply })).status).toBe(201);
  expect((await api.post(`/api/people/${id}/invite`, d.admin.token)).status).toBe(200);

  return {
    id,
    email,
    token,
    first,
    last,
    interviewId,
    recordingId,
    conversationId,
    reply,
    audio,
    audioKey,
    fileText,
    /** Words that name or were written by the person: none may remain after an erasure. */
    secrets: [first, last, email, said, answer, privateAnswer, summary, fileText, scoreNote],
    scoreNote,
    privateAnswer,
    said,
    answer,
    transcript,
    summary,
  };
}

export type SeededPerson = Awaited<ReturnType<typeof seedPersonRecords>>;
