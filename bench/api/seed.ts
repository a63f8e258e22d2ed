/**
 * bench:api's data, seeded through the running app's database: a district with 10,000 people,
 * a form with private fields, 10,000 interviews (about half published), a mentor with 200
 * candidates, sessions for the admin and the mentor. Deterministic shapes (a seeded rng).
 */
import { randomBytes } from "node:crypto";

const PEOPLE = 10_000;
const INTERVIEWS = 10_000;
const MENTEES = 200;

const ADMIN_EMAIL = "admin@bench.test";
const MENTOR_EMAIL = "mentor@bench.test";

const FORM_FIELDS = [
  { id: "decision", type: "dropdown", label: { en: "Recommendation" }, options: [{ en: "Approve" }, { en: "Defer" }, { en: "Decline" }] },
  { id: "summary", type: "text", label: { en: "Summary of the interview" } },
  { id: "strengths", type: "text", label: { en: "Strengths" } },
  { id: "documents", type: "checkbox", label: { en: "Documents complete" } },
  { id: "board_notes", type: "text", label: { en: "Board-only notes" }, p: 1 },
  { id: "score", type: "dropdown", label: { en: "Internal score" }, options: [{ en: "1" }, { en: "2" }, { en: "3" }, { en: "4" }, { en: "5" }], p: 1 },
];
export const PRIVATE_FIELDS = FORM_FIELDS.filter((f) => f.p === 1).map((f) => f.id);

const FIRST = ["Ana", "Ben", "Chloé", "Dmitri", "Elif", "Farah", "Gus", "Hana", "Ivo", "Jia", "Kofi", "Lena", "Mateo", "Nia", "Omar", "Priya"];
const LAST = [
  "Adams",
  "Brown",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "García",
  "Haddad",
  "Ito",
  "Jansen",
  "Kowalski",
  "López",
  "Müller",
  "Nakamura",
  "Okafor",
  "Petrov",
  "Quinn",
  "Rossi",
  "Silva",
  "Tanaka",
];

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same shapes. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const newId = () => `c${randomBytes(12).toString("hex")}`;
const lorem = (n: number, r: () => number) =>
  Array.from(
    { length: n },
    () => ["strong", "candidate", "documents", "record", "interview", "motivated", "board", "follow-up", "clear", "answers"][Math.floor(r() * 10)],
  ).join(" ");

export type Seeded = {
  databaseUrl: string;
  districtId: string;
  adminToken: string;
  mentorToken: string;
  personIds: string[];
  mentorInterviews: { personId: string; id: string }[];
};

export async function seed(log: (line: string) => void): Promise<Seeded> {
  // Connects to the running app's embedded database (its owner), or to DATABASE_URL.
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const { db, disconnectDb } = await import("@/lib/db/client");
  const { createDistrict } = await import("@/lib/districts/create-district");
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const { url } = await prepareDatabase();
  const started = Date.now();
  const r = rng(42);

  const { district, roles } = await createDistrict({ name: "Bench District", adminEmail: ADMIN_EMAIL, adminFirst: "Bench", adminLast: "Admin" });
  const districtId = district.id;
  const mentor = await db().person.create({
    data: { districtId, first: "Mona", last: "Mentor", email: MENTOR_EMAIL, emailKey: MENTOR_EMAIL, roles: { [roles.mentor]: 1 } },
  });

  const candidates = Array.from({ length: PEOPLE - 2 }, (_, i) => {
    const email = `candidate${i}@bench.test`;
    return {
      id: newId(),
      districtId,
      first: FIRST[Math.floor(r() * FIRST.length)],
      last: LAST[Math.floor(r() * LAST.length)],
      email,
      emailKey: email,
      language: r() < 0.3 ? "es" : "en",
      roles: { [roles.candidate]: 1 },
    };
  });
  for (let i = 0; i < candidates.length; i += 2_000) await db().person.createMany({ data: candidates.slice(i, i + 2_000) });

  // The mentor's candidates are spread over the whole (sorted) list.
  const step = Math.floor(candidates.length / MENTEES);
  const mentees = Array.from({ length: MENTEES }, (_, i) => candidates[i * step].id);
  await db().mentorAssignment.createMany({ data: mentees.map((candidateId) => ({ districtId, mentorId: mentor.id, candidateId })) });

  const form = await db().form.create({ data: { districtId, name: "Board interview", fields: FORM_FIELDS } });
  const interviews = Array.from({ length: INTERVIEWS }, (_, i) => {
    // The first 2 × MENTEES interviews belong to the mentor's candidates (two each).
    const personId = i < 2 * MENTEES ? mentees[i % MENTEES] : candidates[Math.floor(r() * candidates.length)].id;
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(r() * 600) * 86_400_000).toISOString().slice(0, 10);
    return {
      id: newId(),
      districtId,
      personId,
      date: day,
      formId: form.id,
      published: i < 2 * MENTEES ? i < MENTEES || r() < 0.5 : r() < 0.5,
      responses: {
        decision: 1 + Math.floor(r() * 3),
        summary: { en: lorem(40, r) },
        strengths: { en: lorem(20, r) },
        documents: r() < 0.7 ? 1 : 0,
        board_notes: { en: lorem(30, r) },
        score: 1 + Math.floor(r() * 5),
      },
    };
  });
  for (let i = 0; i < interviews.length; i += 1_000) await db().interview.createMany({ data: interviews.slice(i, i + 1_000) });
  await db().$executeRawUnsafe("analyze");

  const admin = await createSessionFor(ADMIN_EMAIL, districtId);
  const mentorSession = await createSessionFor(MENTOR_EMAIL, districtId);
  if (!admin || !mentorSession) throw new Error("could not create the bench sessions");
  await disconnectDb();

  const published = interviews.filter((iv) => iv.published).length;
  const mentorInterviews = interviews.filter((iv) => iv.published && mentees.includes(iv.personId)).map(({ personId, id }) => ({ personId, id }));
  log(
    `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${PEOPLE} people, ${INTERVIEWS} interviews (${published} published), ` +
      `mentor with ${MENTEES} candidates (${mentorInterviews.length} of their interviews published), form with private fields ${PRIVATE_FIELDS.join(", ")}`,
  );
  return {
    databaseUrl: url,
    districtId,
    adminToken: admin.token,
    mentorToken: mentorSession.token,
    personIds: [...candidates.map((c) => c.id), mentor.id, admin.person.id],
    mentorInterviews,
  };
}
