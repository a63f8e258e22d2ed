/**
 * The districts `npm run bench:load` drives, written with plain SQL (so the same seed fits this
 * checkout's schema and a --baseline's) plus the API for what the API makes (keys,
 * conversations): a small district (200 people, 200 interviews) and a big one (10,000 people
 * and 10,000 interviews by default). Each has a form with private fields, a board member, a
 * mentor with candidates, a candidate with published interviews, sessions for the four of them
 * and an API key with every scope.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { DEFAULT_ROLES } from "@/lib/auth/permissions";

export type Role = "admin" | "board" | "mentor" | "candidate" | "key";

export type SeededDistrict = {
  name: "small" | "big";
  id: string;
  people: number;
  tokens: Record<Role, string>;
  personIds: Record<Exclude<Role, "key">, string>;
  /** Candidates anyone on the staff may read or change (never the four signed-in people). */
  candidates: string[];
  /** The mentor's candidates (the bench candidate among them). */
  mentees: string[];
  interviews: { personId: string; id: string; published: boolean }[];
  formId: string;
  /** Conversations and who takes part, for message sends. */
  conversations: { id: string; participants: Exclude<Role, "key">[] }[];
};

const FORM_FIELDS = [
  { id: "decision", type: "dropdown", label: { en: "Recommendation" }, options: [{ en: "Approve" }, { en: "Defer" }, { en: "Decline" }] },
  { id: "summary", type: "text", label: { en: "Summary of the interview" } },
  { id: "strengths", type: "text", label: { en: "Strengths" } },
  { id: "documents", type: "checkbox", label: { en: "Documents complete" } },
  { id: "board_notes", type: "text", label: { en: "Board-only notes" }, p: 1 },
  { id: "score", type: "dropdown", label: { en: "Internal score" }, options: [{ en: "1" }, { en: "2" }, { en: "3" }, { en: "4" }, { en: "5" }], p: 1 },
];

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

const newId = (prefix: string) => `${prefix}${randomBytes(11).toString("hex")}`;

async function post(origin: string, token: string, url: string, body: unknown) {
  const res = await fetch(`${origin}${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`seeding: POST ${url} answered ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** One district: people and interviews in a handful of statements, whatever their number. */
async function seedDistrict(client: pg.Client, origin: string, name: "small" | "big", people: number, interviews: number): Promise<SeededDistrict> {
  const districtId = newId("d");
  await client.query("insert into districts (id, name) values ($1, $2)", [districtId, `Load ${name}`]);
  const roles: Record<string, string> = {};
  for (const role of DEFAULT_ROLES) {
    roles[role.kind] = newId("r");
    await client.query('insert into roles (id, district_id, name, kind, permissions) values ($1, $2, $3, $4::"RoleKind", $5)', [
      roles[role.kind],
      districtId,
      role.name,
      role.kind,
      role.permissions,
    ]);
  }
  const fixed = {
    admin: { id: newId("p"), first: "Ada", last: "Admin", role: roles.admin },
    board: { id: newId("p"), first: "Bea", last: "Board", role: roles.board },
    mentor: { id: newId("p"), first: "Max", last: "Mentor", role: roles.mentor },
  };
  for (const [role, p] of Object.entries(fixed)) {
    const email = `${role}@${name}.load.test`;
    await client.query("insert into people (id, district_id, first, last, email, email_key, roles) values ($1, $2, $3, $4, $5, $5, $6)", [
      p.id,
      districtId,
      p.first,
      p.last,
      email,
      { [p.role]: 1 },
    ]);
  }
  // Candidates: one statement, names and languages spread deterministically.
  const prefix = `p${randomBytes(4).toString("hex")}`;
  await client.query(
    `insert into people (id, district_id, first, last, email, email_key, language, roles)
     select $1 || lpad(i::text, 6, '0'), $2, ($3::text[])[1 + i % $4], ($5::text[])[1 + (i * 7) % $6],
            'c' || i || '@' || $7 || '.load.test', 'c' || i || '@' || $7 || '.load.test', 'en', jsonb_build_object($8::text, 1)
       from generate_series(0, $9 - 1) as i`,
    [prefix, districtId, FIRST, FIRST.length, LAST, LAST.length, name, roles.candidate, people - 3],
  );
  const candidates = Array.from({ length: people - 3 }, (_, i) => `${prefix}${String(i).padStart(6, "0")}`);
  const menteeCount = Math.min(200, Math.floor(candidates.length / 4));
  const step = Math.floor(candidates.length / menteeCount);
  const mentees = Array.from({ length: menteeCount }, (_, i) => candidates[i * step]);
  await client.query("insert into mentor_assignments (district_id, mentor_id, candidate_id) select $1, $2, unnest($3::text[])", [
    districtId,
    fixed.mentor.id,
    mentees,
  ]);
  const formId = newId("f");
  await client.query("insert into forms (id, district_id, name, fields) values ($1, $2, 'Board interview', $3)", [
    formId,
    districtId,
    JSON.stringify(FORM_FIELDS),
  ]);
  // Interviews: the mentor's candidates get two each (the first published), the rest spread over everyone.
  const ivPrefix = `i${randomBytes(4).toString("hex")}`;
  await client.query(
    `insert into interviews (id, district_id, person_id, date, form_id, published, responses)
     select $1 || lpad(i::text, 6, '0'), $2,
            case when i < 2 * $3 then ($4::text[])[1 + i % $3] else ($5::text[])[1 + (i * 7919) % $6] end,
            to_char(date '2025-01-01' + (i * 37) % 600, 'YYYY-MM-DD'), $7,
            case when i < $3 then true else i % 2 = 0 end,
            jsonb_build_object('decision', 1 + i % 3, 'summary', jsonb_build_object('en', 'Clear answers and complete documents, interview ' || i),
                               'strengths', jsonb_build_object('en', 'Motivated'), 'documents', i % 2,
                               'board_notes', jsonb_build_object('en', 'Private note ' || i), 'score', 1 + i % 5)
       from generate_series(0, $8 - 1) as i`,
    [ivPrefix, districtId, menteeCount, mentees, candidates, candidates.length, formId, interviews],
  );
  // Published long ago, as a district's history is: published now, they would have the workers
  // e-mail 5,000 candidates during the measured steps ("your interview is published"). A baseline
  // from before publication times has no such column.
  const stamped = await client.query("select 1 from information_schema.columns where table_name = 'interviews' and column_name = 'published_at'");
  if (stamped.rowCount) {
    await client.query("update interviews set published_at = published_at - interval '30 days' where district_id = $1 and published", [districtId]);
  }
  const ivRows = await client.query<{ id: string; person_id: string; published: boolean }>(
    "select id, person_id, published from interviews where district_id = $1",
    [districtId],
  );
  await client.query("analyze");

  // The bench candidate: the mentor's first candidate (published interviews, mentor and candidate see them).
  const candidate = mentees[0];
  const personIds = { admin: fixed.admin.id, board: fixed.board.id, mentor: fixed.mentor.id, candidate };
  const tokens = {} as Record<Role, string>;
  for (const [role, personId] of Object.entries(personIds)) {
    const email = (await client.query<{ email_key: string }>("select email_key from people where id = $1 and district_id = $2", [personId, districtId])).rows[0]
      .email_key;
    const userId = newId("u");
    await client.query("insert into users (id, email) values ($1, $2) on conflict do nothing", [userId, email]);
    const token = randomBytes(32).toString("hex");
    await client.query(
      "insert into sessions (id, session_token, user_id, person_id, expires) select $1, $2, id, $3, now() + interval '1 day' from users where email = $4",
      [newId("s"), token, personId, email],
    );
    tokens[role as Role] = token;
  }
  const key = await post(origin, tokens.admin, "/api/keys", { name: "load", scopes: ["read:people", "write:people", "read:interviews", "write:interviews"] });
  tokens.key = key.key as string;

  const conversations: SeededDistrict["conversations"] = [];
  const open = async (from: Exclude<Role, "key">, to: Exclude<Role, "key">[]) => {
    const made = await post(origin, tokens[from], "/api/messages", { participants: to.map((r) => personIds[r]), body: "Opening the conversation" });
    conversations.push({ id: made.id as string, participants: [from, ...to] });
  };
  await open("admin", ["board"]);
  await open("mentor", ["candidate"]);
  await open("admin", ["board", "mentor"]);

  return {
    name,
    id: districtId,
    people,
    tokens,
    personIds,
    candidates: candidates.filter((id) => id !== candidate),
    mentees,
    interviews: ivRows.rows.map((r) => ({ personId: r.person_id, id: r.id, published: r.published })),
    formId,
    conversations,
  };
}

export async function seedLoadDistricts(databaseUrl: string, origin: string, sizes: { small: number; big: number }): Promise<SeededDistrict[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return [await seedDistrict(client, origin, "small", sizes.small, sizes.small), await seedDistrict(client, origin, "big", sizes.big, sizes.big)];
  } finally {
    await client.end();
  }
}
