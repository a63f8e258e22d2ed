import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { runWithRequestContext } from "@/lib/http/request-context";
import { createDistrictIn } from "./create-district";

export const DEMO = {
  district: "Demo District",
  admin: "admin@demo.test",
  board: "board@demo.test",
  mentor: "mentor@demo.test",
  candidate: "candidate@demo.test",
};

/** On first start only (no district yet): a demo district to sign in to and look around. */
export async function seedDemoIfEmpty(): Promise<boolean> {
  // Its rows are recorded in the audit trail as the service's own start-up work, not as a hand edit.
  return runWithRequestContext({ ops: { command: "seed demo district" } }, seedOnce);
}

function seedOnce(): Promise<boolean> {
  // One transaction under an advisory lock: two processes starting on an empty database seed it
  // once (the second waits, then finds the district). A session lock would not do: on the
  // embedded database every connection shares one session, while transactions are exclusive.
  return db().$transaction(
    async (tx) => {
      await tx.$executeRaw`select pg_advisory_xact_lock(${SEED_LOCK_ID})`;
      if ((await tx.district.count()) > 0) return false;
      await seedDemo(tx);
      return true;
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}

const SEED_LOCK_ID = 7_314_160;

async function seedDemo(tx: Tx) {
  const { district, person, roles } = await createDistrictIn(tx, { name: DEMO.district, adminEmail: DEMO.admin, adminFirst: "Ada", adminLast: "Admin" });
  const make = (first: string, last: string, email: string, role: string, language = "en") =>
    tx.person.create({
      data: { districtId: district.id, first, last, email, emailKey: email, language, roles: { [role]: 1 } },
    });
  const board = await make("Bea", "Board", DEMO.board, roles.board);
  const mentor = await make("Max", "Mentor", DEMO.mentor, roles.mentor);
  // Cleo reads in Spanish: the demo shows the interface, her e-mails and her interview in her language.
  const candidate = await make("Cleo", "Candidate", DEMO.candidate, roles.candidate, "es");
  await tx.mentorAssignment.create({ data: { districtId: district.id, mentorId: mentor.id, candidateId: candidate.id } });
  await tx.tag.createMany({ data: ["2026 cohort", "Needs documents"].map((name) => ({ name, districtId: district.id })) });
  await seedDemoInterviews(tx, district.id, { admin: person.id, board: board.id, candidate: candidate.id });
}

/** A form with a private field and two scorecard fields, a board, a profile, and one published and one draft interview. */
const DEMO_FIELDS = [
  {
    id: "recommendation",
    type: "dropdown",
    label: { en: "Recommendation", es: "Recomendación" },
    options: [
      { en: "Recommend", es: "Recomendar" },
      { en: "Recommend with conditions", es: "Recomendar con condiciones" },
      { en: "Do not recommend yet", es: "No recomendar todavía" },
    ],
  },
  { id: "strengths", type: "text", label: { en: "Strengths", es: "Fortalezas" } },
  { id: "documents_complete", type: "checkbox", label: { en: "All documents received", es: "Todos los documentos recibidos" } },
  { id: "board_notes", type: "text", label: { en: "Board's private notes", es: "Notas privadas de la junta" }, p: 1 },
  { id: "supporting_files", type: "file", label: { en: "Supporting documents", es: "Documentos de apoyo" } },
  // Scorecard fields: each board member answers them on their own scorecard, blind until submitted.
  {
    id: "readiness",
    type: "dropdown",
    label: { en: "Readiness for the credential", es: "Preparación para la credencial" },
    options: [
      { en: "Ready now", es: "Preparado ahora" },
      { en: "Ready with some growth", es: "Preparado con algo de crecimiento" },
      { en: "Not ready yet", es: "Aún no preparado" },
    ],
    scorecard: 1,
  },
  {
    id: "questions_for_board",
    type: "text",
    label: { en: "Questions to raise with the other members", es: "Preguntas para los demás miembros" },
    scorecard: 1,
  },
];

async function seedDemoInterviews(tx: Tx, districtId: string, people: { admin: string; board: string; candidate: string }) {
  const form = await tx.form.create({ data: { districtId, name: "Credential board interview", fields: DEMO_FIELDS } });
  const board = await tx.board.create({
    data: { districtId, name: "Credentials board", members: { create: [{ personId: people.board }, { personId: people.admin }] } },
  });
  const profile = await tx.profile.create({ data: { districtId, name: "Initial credential", formId: form.id } });
  const common = { districtId, personId: people.candidate, boardId: board.id, formId: form.id, profileId: profile.id };
  await tx.interview.create({
    data: {
      ...common,
      date: "2026-10-14",
      published: true,
      responses: {
        recommendation: 2,
        strengths: { en: "Clear answers on ethics; strong references from both supervisors." },
        documents_complete: 0,
        board_notes: { en: "Ask for the missing transcript before the final vote." },
      },
    },
  });
  await tx.interview.create({ data: { ...common, date: "2026-12-02" } });
}
