import { spawn } from "node:child_process";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createSessionFor } from "@/lib/auth/create-session";
import { db } from "@/lib/db/client";
import { idempotent } from "@/lib/http/idempotency";
import { jobSchedules } from "@/lib/jobs/handlers";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";
import { api, call, type ApiResponse } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * Idempotency-Key on POST and PATCH (lib/http/idempotency.ts), through the real wrapper and
 * database: replays, 422 for another request, 409 while the first runs, scoping per API key and
 * per person, the header's rules, 5xx never stored, and two processes sending the same key.
 */

let d: TestDistrict;
beforeAll(async () => {
  d = await makeDistrict("Idempotency");
});

const newPerson = () => ({ first: "Ida", last: "Potent", email: uniqueEmail("idem") });
const key = () => `key-${crypto.randomUUID()}`;
const withKey = (k: string) => ({ headers: { "idempotency-key": k } });
const peopleWithEmail = (email: string) => db().person.count({ where: { districtId: d.id, emailKey: email.toLowerCase() } });
const ownerOf = (personId: string) => `person:${personId}`;

describe("retries of the same request", () => {
  it("a sequential retry replays the first answer (status, body) and creates nothing more", async () => {
    const k = key();
    const body = newPerson();
    const first = await api.post("/api/people", d.admin.token, body, withKey(k));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await api.post("/api/people", d.admin.token, body, withKey(k));
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await peopleWithEmail(body.email)).toBe(1);
  });

  it("PATCH replays too: a retried change is not applied twice", async () => {
    const person = (await api.post("/api/people", d.admin.token, newPerson())).body;
    const k = key();
    const first = await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Once" }, withKey(k));
    expect(first.status).toBe(200);
    await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Changed since" });
    const again = await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Once" }, withKey(k));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await db().person.findFirstOrThrow({ where: { id: person.id, districtId: d.id } })).first).toBe("Changed since");
  });

  it("a refused request (4xx) is stored and replayed as well", async () => {
    const k = key();
    const bad = { first: "", last: "X", email: "nope" };
    const first = await api.post("/api/people", d.admin.token, bad, withKey(k));
    expect(first.status).toBe(400);
    const again = await api.post("/api/people", d.admin.token, bad, withKey(k));
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("the same key with another body, path or method answers 422 and changes nothing", async () => {
    const k = key();
    const body = newPerson();
    expect((await api.post("/api/people", d.admin.token, body, withKey(k))).status).toBe(201);
    const other = newPerson();
    const changed = await api.post("/api/people", d.admin.token, other, withKey(k));
    expect(changed.status).toBe(422);
    expect(changed.body.error.code).toBe("idempotency_key_reused");
    expect(await peopleWithEmail(other.email)).toBe(0);
    const elsewhere = await api.post("/api/tags", d.admin.token, { name: "Idem tag" }, withKey(k));
    expect(elsewhere.status).toBe(422);
    expect(await db().tag.count({ where: { districtId: d.id, name: "Idem tag" } })).toBe(0);
  });

  it("multipart uploads are compared by their parts, not their boundary: a re-encoded retry replays, another file is 422", async () => {
    const person = (await api.post("/api/people", d.admin.token, newPerson())).body;
    const form = (text: string) => {
      const f = new FormData();
      f.set("file", new File([text], "notes.txt", { type: "text/plain" }));
      f.set("name", "Notes");
      return f;
    };
    const k = key();
    const first = await call("POST", `/api/people/${person.id}/uploads`, { token: d.admin.token, form: form("same bytes"), ...withKey(k) });
    expect(first.status).toBe(201);
    const again = await call("POST", `/api/people/${person.id}/uploads`, { token: d.admin.token, form: form("same bytes"), ...withKey(k) });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await call("POST", `/api/people/${person.id}/uploads`, { token: d.admin.token, form: form("other bytes"), ...withKey(k) });
    expect(other.status).toBe(422);
    expect(await db().personFile.count({ where: { districtId: d.id, personId: person.id } })).toBe(1);
  });

  it("without the header, or on GET and DELETE, nothing changes (the header is not even read)", async () => {
    const body = newPerson();
    expect((await api.post("/api/people", d.admin.token, body)).status).toBe(201);
    expect((await api.post("/api/people", d.admin.token, body)).status).toBe(409);
    expect((await api.get("/api/people", d.admin.token, withKey("not valid here"))).status).toBe(200);
  });
});

describe("concurrent duplicates", () => {
  it("several at once: one runs, the others get 409 (Retry-After) or its replay; one person is created", async () => {
    const k = key();
    const body = newPerson();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post("/api/people", d.admin.token, body, withKey(k))));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    for (const a of answers.filter((a) => a.status !== 201)) {
      expect(a.status).toBe(409);
      expect(a.body.error.code).toBe("conflict");
      expect(a.headers.get("retry-after")).toBe("1");
    }
    expect(await peopleWithEmail(body.email)).toBe(1);
  });

  it("a request whose key is still claimed gets 409; a claim abandoned for 10 minutes is taken over", async () => {
    const k = key();
    await db().idempotencyKey.create({ data: { districtId: d.id, owner: ownerOf(d.admin.id), key: k, createdAt: new Date() } });
    const body = newPerson();
    const busy = await api.post("/api/people", d.admin.token, body, withKey(k));
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/still being processed/);
    expect(await peopleWithEmail(body.email)).toBe(0);

    const stale = key();
    await db().idempotencyKey.create({ data: { districtId: d.id, owner: ownerOf(d.admin.id), key: stale, createdAt: new Date(Date.now() - 11 * 60_000) } });
    expect((await api.post("/api/people", d.admin.token, body, withKey(stale))).status).toBe(201);
  });

  /** A second app process (tests/helpers/idempotent-child.ts) sending these rounds; its answers by key. */
  const child = (rounds: { key: string; body: unknown; at: number }[]) =>
    new Promise<Map<string, { status: number; replayed: string; body: any }>>((resolve, reject) => {
      const p = spawn(
        process.execPath,
        [...SERVER_NODE_ARGS, path.join("tests", "helpers", "idempotent-child.ts"), JSON.stringify({ token: d.admin.token, rounds })],
        {
          env: process.env,
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      let out = "";
      let err = "";
      p.stdout.on("data", (c) => (out += c));
      p.stderr.on("data", (c) => (err += c));
      p.on("error", reject);
      p.on("exit", (code) => {
        if (code !== 0) return reject(new Error(`child exited ${code}: ${err}`));
        const answers = new Map<string, { status: number; replayed: string; body: any }>();
        for (const line of out.split("\n").filter((l) => l.startsWith("result "))) {
          const [, key, status, replayed, ...json] = line.split(" ");
          answers.set(key, { status: Number(status), replayed, body: JSON.parse(json.join(" ")) });
        }
        resolve(answers);
      });
    });

  it("two app processes sending the same keys at the same instants create each person once", async () => {
    const start = Date.now() + 4000;
    const rounds = Array.from({ length: 5 }, (_, i) => ({ key: key(), body: newPerson(), at: start + i * 300 }));
    const outputs = await Promise.all([child(rounds), child(rounds)]);
    for (const round of rounds) {
      const answers = outputs.map((out) => out.get(round.key)!);
      const created = answers.filter((a) => a.status === 201);
      expect(created.length, JSON.stringify(answers)).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
      for (const a of answers) if (a.status !== 201) expect(a.status).toBe(409);
      expect(await peopleWithEmail(round.body.email)).toBe(1);
    }
  }, 60_000);

  it("one process answers and exits, then another replays that very answer from the database (Idempotent-Replayed: true)", async () => {
    const rounds = Array.from({ length: 3 }, () => ({ key: key(), body: newPerson(), at: 0 }));
    const first = await child(rounds);
    // Process A has exited: everything B knows of these keys is in the database.
    const second = await child(rounds);
    for (const round of rounds) {
      const a = first.get(round.key)!;
      const b = second.get(round.key)!;
      expect(a).toMatchObject({ status: 201, replayed: "-" });
      expect(b).toEqual({ status: 201, replayed: "true", body: a.body });
      expect(await peopleWithEmail(round.body.email)).toBe(1);
    }
  }, 60_000);
});

describe("scoping and expiry", () => {
  it("keys belong to their caller: another API key, or another person's session, with the same key is independent", async () => {
    const k = key();
    const keyA = await d.addKey(["write:people"]);
    const keyB = await d.addKey(["write:people"]);
    expect((await api.post("/api/people", keyA.key, newPerson(), withKey(k))).status).toBe(201);
    expect((await api.post("/api/people", keyB.key, newPerson(), withKey(k))).status).toBe(201);
    const editor = await d.addPersonWith(["people:edit"]);
    expect((await api.post("/api/people", d.admin.token, newPerson(), withKey(k))).status).toBe(201);
    expect((await api.post("/api/people", editor.token, newPerson(), withKey(k))).status).toBe(201);
    // The same person in another session shares the person's keys.
    const secondSession = await createSessionFor(d.admin.email, d.id);
    const otherSession = await call("POST", "/api/people", { token: secondSession!.token, body: newPerson(), ...withKey(k) });
    expect(otherSession.status).toBe(422);
  });

  it("another district's identical key and body is independent", async () => {
    const other = await makeDistrict("Idempotency other");
    const k = key();
    const body = newPerson();
    const mine = await api.post("/api/people", d.admin.token, body, withKey(k));
    const theirs = await api.post("/api/people", other.admin.token, body, withKey(k));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.district_id).toBe(other.id);
  });

  it("after 24 hours a key is free again: the expired answer is neither replayed nor compared", async () => {
    const k = key();
    expect((await api.post("/api/people", d.admin.token, newPerson(), withKey(k))).status).toBe(201);
    await db().idempotencyKey.updateMany({ where: { districtId: d.id, key: k }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const fresh = await api.post("/api/people", d.admin.token, newPerson(), withKey(k));
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
  });

  it("the cron job idempotency-sweep deletes the keys past their 24 hours, of every district, and keeps the others", async () => {
    const other = await makeDistrict("Idempotency sweep");
    const [old, kept, theirs] = [key(), key(), key()];
    for (const [district, k] of [
      [d, old],
      [d, kept],
      [other, theirs],
    ] as const) {
      expect((await api.post("/api/people", district.admin.token, newPerson(), withKey(k))).status).toBe(201);
    }
    await db().idempotencyKey.updateMany({
      where: { districtId: { in: [d.id, other.id] }, key: { in: [old, theirs] } },
      data: { createdAt: new Date(Date.now() - 25 * 3600_000) },
    });
    const left = () =>
      db().idempotencyKey.findMany({ where: { districtId: { in: [d.id, other.id] }, key: { in: [old, kept, theirs] } }, select: { key: true } });
    expect(await left()).toHaveLength(3);
    await enqueueJob("idempotency-sweep", {});
    await expect.poll(async () => (await left()).map((r) => r.key), { timeout: 20_000 }).toEqual([kept]);
    // Scheduled once for the cluster (pg-boss's cron, declared by the worker processes), not per process.
    expect(jobSchedules()).toContainEqual({ queue: "idempotency-sweep", cron: "41 * * * *" });
  });
});

describe("the header", () => {
  const bad = ["", " ", "has space", "x".repeat(256), "caf\u00e9"];
  it.each(bad.map((v) => [JSON.stringify(v.length > 20 ? `${v.slice(0, 10)}… (${v.length})` : v), v]))(
    "refuses %s with 400 validation_error, writing nothing",
    async (_label, value) => {
      const body = newPerson();
      const res: ApiResponse = await api.post("/api/people", d.admin.token, body, { headers: { "idempotency-key": value } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details).toEqual([{ path: "header.Idempotency-Key", message: expect.any(String) }]);
      expect(await peopleWithEmail(body.email)).toBe(0);
    },
  );

  it("accepts 255 visible ASCII characters", async () => {
    const value = "A-z_0.9:~/+=!".repeat(20).slice(0, 255);
    expect((await api.post("/api/people", d.admin.token, newPerson(), { headers: { "idempotency-key": value } })).status).toBe(201);
  });
});

describe("answers that are not stored", () => {
  it("a 5xx releases the key: the retry runs again, and its answer is the one replayed", async () => {
    const ctx = {
      districtId: d.id,
      origin: "http://localhost:3000",
      actor: { type: "key" as const, keyId: (await d.addKey(["write:people"])).id, scopes: new Set<never>() },
    };
    const request = () =>
      new Request("http://localhost:3000/api/people", {
        method: "POST",
        headers: { "idempotency-key": "five-hundred", "content-type": "application/json" },
        body: "{}",
      });
    let runs = 0;
    const handler = async (req: Request) => {
      runs++;
      await req.text();
      return runs === 1
        ? Response.json({ error: { code: "internal", message: "boom" } }, { status: 500 })
        : Response.json({ ok: true, run: runs }, { status: 201 });
    };
    expect((await idempotent(request(), ctx, handler)).status).toBe(500);
    const second = await idempotent(request(), ctx, handler);
    expect(second.status).toBe(201);
    const third = await idempotent(request(), ctx, handler);
    expect(await third.json()).toEqual({ ok: true, run: 2 });
    expect(runs).toBe(2);
  });
});
