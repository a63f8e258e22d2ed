import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cut, liveWebm, newRecordingId } from "../helpers/audio";
import { nextEvent, subscribe, untilConnected } from "../helpers/realtime";
import { callService as call, realtimeClientSignedBy } from "../helpers/remote-service";
import { startScaledService, type ScaledService } from "./service-processes";

/**
 * The service scaled out as an operator would run it: two `npm run app` processes (production
 * build) started together on one empty PostgreSQL database, one `npm run realtime`, one shared
 * file store (DATA_DIR) and one NEXTAUTH_SECRET. What one process does, the other must see.
 */
let service: ScaledService;
let A: string;
let B: string;
let sessions: { admin: string; board: string; candidate: string };

const LIMIT_PER_MINUTE = 5;
const LINKS_PER_15_MINUTES = 2;

beforeAll(async () => {
  service = await startScaledService({
    apps: 2,
    env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE), SIGN_IN_LINKS_PER_15_MINUTES: String(LINKS_PER_15_MINUTES) },
  });
  [A, B] = service.origins;
  // Sessions minted straight in the shared database, as `npm run admin -- session` does.
  process.env.DATABASE_URL = service.databaseUrl;
  delete process.env.BASE_URL; // Vite's "/", put there by Vitest
  const { createSessionFor } = await import("@/lib/auth/create-session");
  const mint = async (email: string) => (await createSessionFor(email))!.token;
  sessions = { admin: await mint("admin@demo.test"), board: await mint("board@demo.test"), candidate: await mint("candidate@demo.test") };
}, 240_000);

afterAll(async () => {
  const { disconnectDb } = await import("@/lib/db/client");
  await disconnectDb();
  await service?.stop();
}, 60_000);

describe("two app processes on one PostgreSQL", () => {
  it("seed the demo district once, though both started on the empty database together", async () => {
    const districts = await call(A, "GET", "/api/people?archived=true", sessions.admin);
    expect(districts.body.filter((p: { email: string }) => p.email === "admin@demo.test")).toHaveLength(1);
    const { db } = await import("@/lib/db/client");
    expect(await db().district.count()).toBe(1);
    // The processes log JSON lines (lib/logging/): the message's quotes arrive escaped.
    const seededBy = [0, 1].filter((i) => service.logOf(i).includes('seeded \\"Demo District\\"'));
    expect(seededBy).toHaveLength(1);
  });

  it("share an API key's rate limit: the budget spent on A is spent on B", async () => {
    const created = await call(A, "POST", "/api/keys", sessions.admin, { name: "scale-out", scopes: ["read:people"] });
    expect(created.status).toBe(201);
    for (let i = 0; i < LIMIT_PER_MINUTE; i++) expect((await call(A, "GET", "/api/people", created.body.key)).status).toBe(200);
    const limited = await call(B, "GET", "/api/people", created.body.key);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("share the sign-in link limit: links asked for on A count on B", async () => {
    const ask = async (origin: string) => {
      const csrf = await fetch(`${origin}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const res = await fetch(`${origin}/api/auth/signin/email`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body: new URLSearchParams({ csrfToken, email: "mentor@demo.test", callbackUrl: `${origin}/` }),
      });
      expect(res.status).toBe(302);
    };
    const outbox = path.join(service.dataDir, "outbox");
    const mailsToMentor = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), "utf8")).to === "mentor@demo.test")
        .length;
    await ask(A);
    await ask(A);
    await ask(B);
    await ask(B);
    expect(mailsToMentor()).toBe(LINKS_PER_15_MINUTES);
  });

  it("read their writes: a person made on A is in B's single read and list at once, and B's change shows on A", async () => {
    const before = await call(B, "GET", "/api/people", sessions.admin);
    const etag = before.headers.get("etag")!;
    const made = await call(A, "POST", "/api/people", sessions.admin, { first: "Scale", last: "Out", email: `scale-${Date.now()}@demo.test` });
    expect(made.status).toBe(201);
    const single = await call(B, "GET", `/api/people/${made.body.id}`, sessions.admin);
    expect(single.status).toBe(200);
    expect(single.body.email).toBe(made.body.email);
    const revalidated = await call(B, "GET", "/api/people", sessions.admin, undefined, { "if-none-match": etag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.map((p: { id: string }) => p.id)).toContain(made.body.id);

    const changed = await call(B, "PATCH", `/api/people/${made.body.id}`, sessions.admin, { first: "Scaled" });
    expect(changed.status).toBe(200);
    expect((await call(A, "GET", `/api/people/${made.body.id}`, sessions.admin)).body.first).toBe("Scaled");
    const listOnA = await call(A, "GET", "/api/people", sessions.admin);
    expect(listOnA.body.find((p: { id: string }) => p.id === made.body.id).first).toBe("Scaled");
  });

  it("revoke at once everywhere: a signed-out session, a revoked key and an archived person are refused by the other process", async () => {
    const { createSessionFor } = await import("@/lib/auth/create-session");
    const extra = (await createSessionFor("admin@demo.test"))!.token;
    expect((await call(B, "GET", "/api/me", extra)).status).toBe(200);
    // B remembers the session for its single reads (lib/auth/session-check.ts), which check it in their own statement.
    const adminId = ((await call(B, "GET", "/api/me", extra)).body as { person: { id: string } }).person.id;
    expect((await call(B, "GET", `/api/people/${adminId}`, extra)).status).toBe(200);
    expect((await call(A, "DELETE", "/api/me", extra)).status).toBe(200);
    expect((await call(B, "GET", "/api/me", extra)).status).toBe(401);
    expect((await call(B, "GET", `/api/people/${adminId}`, extra)).status).toBe(401);

    const key = await call(B, "POST", "/api/keys", sessions.admin, { name: "revoked", scopes: ["read:people"] });
    expect((await call(A, "GET", "/api/people", key.body.key)).status).toBe(200);
    expect((await call(B, "DELETE", `/api/keys/${key.body.id}`, sessions.admin)).status).toBe(200);
    expect((await call(A, "GET", "/api/people", key.body.key)).status).toBe(401);

    const person = await call(A, "POST", "/api/people", sessions.admin, { first: "Soon", last: "Archived", email: `archived-${Date.now()}@demo.test` });
    const theirs = (await createSessionFor(person.body.email))!.token;
    expect((await call(B, "GET", "/api/me", theirs)).status).toBe(200);
    expect((await call(B, "GET", `/api/people/${person.body.id}`, theirs)).status).toBe(200);
    expect((await call(A, "PATCH", `/api/people/${person.body.id}`, sessions.admin, { archived: 1 })).status).toBe(200);
    expect((await call(B, "GET", "/api/me", theirs)).status).toBe(401);
    expect((await call(B, "GET", `/api/people/${person.body.id}`, theirs)).status).toBe(401);
  });

  it("deliver realtime events to clients authorised by either process", async () => {
    const me = async (token: string) => ((await call(A, "GET", "/api/me", token)).body as { person: { id: string } }).person.id;
    const connect = async (origin: string, token: string) => {
      const client = realtimeClientSignedBy(origin, token, {
        key: service.realtime.key,
        cluster: "scale-out",
        wsHost: "127.0.0.1",
        wsPort: service.realtime.port,
        wssPort: service.realtime.port,
        forceTLS: false,
        enabledTransports: ["ws"],
      });
      client.signin();
      await untilConnected(client);
      return client;
    };
    const [adminId, boardId] = [await me(sessions.admin), await me(sessions.board)];
    const onA = await connect(A, sessions.admin);
    const onB = await connect(B, sessions.board);
    try {
      const adminChannel = await subscribe(onA, `private-person-${adminId}`);
      const boardChannel = await subscribe(onB, `private-person-${boardId}`);
      const created = [nextEvent(adminChannel, "conversation-created"), nextEvent(boardChannel, "conversation-created")];
      const opened = await call(A, "POST", "/api/messages", sessions.admin, { participants: [boardId], body: "Posted through A" });
      expect(opened.status).toBe(201);
      await Promise.all(created);
      const conversationId = opened.body.id as string;
      const delivered = [
        nextEvent<{ message: { body: string } }>(adminChannel, "message-created"),
        nextEvent<{ message: { body: string } }>(boardChannel, "message-created"),
      ];
      expect((await call(B, "POST", `/api/messages/${conversationId}`, sessions.board, { body: "Posted through B" })).status).toBe(201);
      expect((await Promise.all(delivered)).map((e) => e.message.body)).toEqual(["Posted through B", "Posted through B"]);
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  });

  it("finalize on B a recording whose chunks were uploaded to A, and serve it from both", async () => {
    const interviews = await call(A, "GET", "/api/interviews", sessions.admin);
    const interview = interviews.body[0] as { id: string; person_id: string };
    const recordingId = newRecordingId("scale");
    const chunks = cut(await liveWebm(3), 4);
    for (const [i, bytes] of chunks.entries()) {
      const form = new FormData();
      form.set("recordingId", recordingId);
      form.set("chunkNumber", String(i + 1));
      form.set("audio", new File([new Uint8Array(bytes)], `chunk-${i + 1}.webm`, { type: "audio/webm;codecs=opus" }));
      expect((await call(A, "POST", "/api/audio/capture", sessions.admin, form)).status).toBe(200);
    }
    const finalized = await call(B, "POST", "/api/audio/finalize", sessions.admin, {
      recordingId,
      personId: interview.person_id,
      interviewId: interview.id,
      name: { en: "Scaled out" },
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(200);
    const filePath = new URL(finalized.body.url).pathname;
    const [fromA, fromB] = await Promise.all([A, B].map((origin) => fetch(`${origin}${filePath}`, { headers: { authorization: `Bearer ${sessions.admin}` } })));
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromA.headers.get("content-type")).toBe("audio/webm");
    expect(Buffer.from(await fromA.arrayBuffer())).toEqual(Buffer.from(await fromB.arrayBuffer()));
  });
});
