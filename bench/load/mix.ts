/**
 * The operations of `npm run bench:load`: what a district's people and integrations do, by
 * every role (admin, board, mentor, candidate, API key), in both districts. Each operation is
 * one HTTP request; writes carry a read-your-writes check (a read of what was written, sent to
 * the same or the other app process once the write has answered).
 */
import { randomBytes } from "node:crypto";
import type { Role, SeededDistrict } from "./seed";

export type LoadRequest = { method: "GET" | "POST" | "PATCH"; path: string; token: string; body?: Buffer; contentType?: string };

export type Op = {
  kind: string;
  district: SeededDistrict;
  role: Role;
  request: LoadRequest;
  /** After a successful write (given its answer): what to read, and how to tell that the write shows. */
  verify?: (answer: unknown) => { path: string; token: string; holds: (body: unknown) => boolean };
  /** A message send: the text that the participants' sockets must receive. */
  message?: { text: string; participants: Exclude<Role, "key">[] };
};

type Kind = { name: string; weight: number; make: (d: SeededDistrict, r: () => number, n: number) => Op };

/** Deterministic pseudo-random numbers (mulberry32): every run sends the same mix. */
export function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], r: () => number) => items[Math.floor(r() * items.length)];
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const RUN = randomBytes(3).toString("hex");

function multipart(fields: Record<string, string>, file: { field: string; name: string; type: string; bytes: Buffer }) {
  const boundary = `----load${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const SMALL_FILE = randomBytes(8 * 1024);
// A MediaRecorder chunk is about 16 KB a second at 128 kbit/s; capture only checks its type.
const CHUNK = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(16 * 1024 - 4)]);

/** Who reads which person: staff anyone; a mentor one of their candidates; a candidate themself. */
function personFor(d: SeededDistrict, role: Role, r: () => number) {
  if (role === "mentor") return pick(d.mentees, r);
  if (role === "candidate") return d.personIds.candidate;
  return pick(d.candidates, r);
}

const visibleTo = new WeakMap<SeededDistrict, { mentor: SeededDistrict["interviews"]; candidate: SeededDistrict["interviews"] }>();

/** Which interview a role reads: staff any; mentor and candidate a published one they may see. */
function interviewFor(d: SeededDistrict, role: Role, r: () => number) {
  if (role !== "mentor" && role !== "candidate") return pick(d.interviews, r);
  let seen = visibleTo.get(d);
  if (!seen) {
    const mentees = new Set(d.mentees);
    const published = d.interviews.filter((i) => i.published);
    seen = { mentor: published.filter((i) => mentees.has(i.personId)), candidate: published.filter((i) => i.personId === d.personIds.candidate) };
    visibleTo.set(d, seen);
  }
  return pick(seen[role], r);
}

const op = (kind: string, d: SeededDistrict, role: Role, request: Omit<LoadRequest, "token">, extra: Partial<Op> = {}): Op => ({
  kind,
  district: d,
  role,
  request: { ...request, token: d.tokens[role] },
  ...extra,
});

const READERS: Role[] = ["admin", "board", "mentor", "candidate", "key"];

const KINDS: Kind[] = [
  { name: "list people", weight: 10, make: (d, r) => op("list people", d, pick(READERS, r), { method: "GET", path: "/api/people" }) },
  {
    name: "read person (include)",
    weight: 14,
    make: (d, r) => {
      const role = pick(READERS, r);
      return op("read person (include)", d, role, { method: "GET", path: `/api/people/${personFor(d, role, r)}?include=tags,files,interviews` });
    },
  },
  { name: "list interviews", weight: 8, make: (d, r) => op("list interviews", d, pick(READERS, r), { method: "GET", path: "/api/interviews" }) },
  {
    name: "read interview",
    weight: 12,
    make: (d, r) => {
      const role = pick(READERS, r);
      const iv = interviewFor(d, role, r);
      return op("read interview", d, role, { method: "GET", path: `/api/interviews/${iv.personId}/${iv.id}` });
    },
  },
  {
    name: "forms",
    weight: 6,
    make: (d, r) =>
      op(
        "forms",
        d,
        pick(
          READERS.filter((x) => x !== "key"),
          r,
        ),
        { method: "GET", path: r() < 0.5 ? "/api/forms" : `/api/forms/${d.formId}` },
      ),
  },
  {
    name: "create person",
    weight: 4,
    make: (d, r, n) => {
      const role = pick<Role>(["admin", "key"], r);
      const email = `load-${RUN}-${n}@${d.name}.load.test`;
      return op(
        "create person",
        d,
        role,
        { method: "POST", path: "/api/people", body: json({ first: "Load", last: `Created ${n}`, email }) },
        {
          // In the small district through the whole list (its shared copy must have moved on), else the new person.
          verify: (answer) =>
            d.name === "small"
              ? { path: "/api/people", token: d.tokens.admin, holds: (body) => Array.isArray(body) && body.some((p: { email?: string }) => p.email === email) }
              : { path: `/api/people/${(answer as { id: string }).id}`, token: d.tokens.board, holds: (body) => (body as { email?: string }).email === email },
        },
      );
    },
  },
  {
    name: "patch person",
    weight: 6,
    make: (d, r, n) => {
      const role = pick<Role>(["admin", "key"], r);
      const id = pick(d.candidates, r);
      const first = `${pick(["Ana", "Ben", "Zoe", "Ivo"], r)}${n}`;
      return op(
        "patch person",
        d,
        role,
        { method: "PATCH", path: `/api/people/${id}`, body: json({ first }) },
        {
          verify: () => ({ path: `/api/people/${id}`, token: d.tokens.admin, holds: (body) => (body as { first?: string }).first === first }),
        },
      );
    },
  },
  {
    name: "patch answer",
    weight: 6,
    make: (d, r, n) => {
      const role = pick<Role>(["board", "admin", "key"], r);
      const iv = pick(d.interviews, r);
      const summary = `Answered under load ${RUN}-${n}`;
      return op(
        "patch answer",
        d,
        role,
        { method: "PATCH", path: `/api/interviews/${iv.personId}/${iv.id}`, body: json({ responses: { summary: { en: summary } } }) },
        {
          verify: () => ({
            path: `/api/interviews/${iv.personId}/${iv.id}`,
            token: d.tokens.board,
            holds: (body) => (body as { responses?: { summary?: { en?: string } } }).responses?.summary?.en === summary,
          }),
        },
      );
    },
  },
  {
    name: "upload file",
    weight: 3,
    make: (d, r, n) => {
      const form = multipart({ name: `load-${n}.bin` }, { field: "file", name: `load-${n}.bin`, type: "application/octet-stream", bytes: SMALL_FILE });
      return op("upload file", d, pick<Role>(["admin", "key"], r), { method: "POST", path: `/api/people/${pick(d.candidates, r)}/uploads`, ...form });
    },
  },
  {
    name: "send message",
    weight: 6,
    make: (d, r, n) => {
      const conversation = pick(d.conversations, r);
      const sender = pick(conversation.participants, r);
      const text = `load ${RUN} ${n}`;
      return op(
        "send message",
        d,
        sender,
        { method: "POST", path: `/api/messages/${conversation.id}`, body: json({ body: text }) },
        { message: { text, participants: conversation.participants } },
      );
    },
  },
  {
    name: "chunk upload",
    weight: 4,
    make: (d, r, n) => {
      // Recordings of up to 20 chunks, one per recorder (district and role): a recording is bound to whoever began it.
      const role = pick<Role>(["board", "admin"], r);
      const recording = `load-${RUN}-${d.name}-${role}-${Math.floor(n / 20)}`;
      const form = multipart(
        { recordingId: recording, chunkNumber: String((n % 20) + 1) },
        { field: "audio", name: "chunk.webm", type: "audio/webm;codecs=opus", bytes: CHUNK },
      );
      return op("chunk upload", d, role, { method: "POST", path: "/api/audio/capture", ...form });
    },
  },
];

export const KIND_NAMES = KINDS.map((k) => k.name);
const TOTAL = KINDS.reduce((sum, k) => sum + k.weight, 0);

/** The weights as shares, for the report. */
export const mixDescription = () => KINDS.map((k) => `${k.name} ${((100 * k.weight) / TOTAL).toFixed(0)}%`).join(", ");

/** The n-th operation of a run: its kind by weight, its district half and half. */
export function nextOp(districts: SeededDistrict[], r: () => number, n: number): Op {
  let x = r() * TOTAL;
  const kind = KINDS.find((k) => (x -= k.weight) < 0) ?? KINDS[KINDS.length - 1];
  return kind.make(pick(districts, r), r, n);
}

/** An operation of one named kind, in the given district (`--per-kind`). */
export function opOfKind(name: string, district: SeededDistrict, r: () => number, n: number): Op {
  const kind = KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`no operation kind ${name}`);
  return kind.make(district, r, n);
}
