import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "@/lib/db/client";
import { pool, sqlRows } from "@/lib/db/pool";
import { resetEnvCache } from "@/lib/env";
import { authOptions } from "@/lib/auth/next-auth-options";
import { admissionLoad } from "@/lib/http/admission";
import { createAppServer } from "@/lib/server/app-server";
import { refusingOverload } from "@/lib/http/refusing-overload";
import { api, call, streamedForm } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * A burst larger than the process takes: every answer is a success or a 503 `overloaded` with
 * Retry-After (never a 500), a refused request wrote nothing, and the gate is empty afterwards.
 */
const SETTINGS = { MAX_ACTIVE_REQUESTS: "2", MAX_QUEUED_REQUESTS: "4", MAX_QUEUE_WAIT_MS: "20000" };
let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("Overload");
  Object.assign(process.env, SETTINGS);
  resetEnvCache();
});

afterAll(() => {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetEnvCache();
});

describe("a burst of writers", () => {
  it("gets 201s and 503s with Retry-After, no 500; exactly the admitted ones are written", async () => {
    const emails = Array.from({ length: 40 }, (_, i) => uniqueEmail(`burst${i}`));
    const answers = await Promise.all(emails.map((email) => api.post("/api/people", d.admin.token, { first: "Burst", last: "Writer", email })));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 201 || s === 503),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(6);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body.error.code).toBe("overloaded");
      expect(answer.headers.get("retry-after")).toBe("1");
    }
    const written = await db().person.findMany({ where: { districtId: d.id, first: "Burst" }, select: { email: true } });
    const admitted = emails.filter((_, i) => statuses[i] === 201);
    expect(written.map((p) => p.email).sort()).toEqual(admitted.sort());
    expect(admissionLoad()).toEqual({ active: 0, waiting: 0 });
  }, 60_000);

  it("a request that waits too long in line is refused, and the line moves on", async () => {
    Object.assign(process.env, { MAX_ACTIVE_REQUESTS: "1", MAX_QUEUE_WAIT_MS: "0" });
    resetEnvCache();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get("/api/people", d.admin.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 503, 503, 503, 503]);
    Object.assign(process.env, SETTINGS);
    resetEnvCache();
    expect((await api.get("/api/people", d.admin.token)).status).toBe(200);
  });
});

describe("an upload whose client is slow", () => {
  it("holds no slot while its body arrives: others are served meanwhile, and it is recorded once it has all", async () => {
    Object.assign(process.env, { MAX_ACTIVE_REQUESTS: "1", MAX_QUEUED_REQUESTS: "0" });
    resetEnvCache();
    try {
      const person = await api.post("/api/people", d.admin.token, { first: "Slow", last: "Upload", email: uniqueEmail("slow") });
      let sendRest!: () => void;
      const rest = new Promise<void>((resolve) => (sendRest = resolve));
      let reading = false;
      async function* chunks() {
        yield new TextEncoder().encode("first half ");
        reading = true; // the server asks for more: it is reading the body
        await rest;
        yield new TextEncoder().encode("second half");
      }
      const upload = call("POST", `/api/people/${person.body.id}/uploads`, {
        token: d.admin.token,
        ...streamedForm([{ name: "file", fileName: "notes.txt", contentType: "text/plain", chunks: chunks() }]),
      });
      // Once the upload waits for its client's bytes, its slot is free; with one slot and no
      // line, any other request would be refused if the upload held it.
      await expect.poll(() => reading, { timeout: 10_000 }).toBe(true);
      expect(admissionLoad()).toEqual({ active: 0, waiting: 0 });
      expect((await api.get("/api/people", d.admin.token)).status).toBe(200);
      sendRest();
      const done = await upload;
      expect(done.status).toBe(201);
      expect(done.body.size).toBe("first half second half".length);
    } finally {
      Object.assign(process.env, SETTINGS);
      resetEnvCache();
    }
  });
});

describe("no pooled connection in time (DATABASE_WAIT_MS)", () => {
  const POOL = { DATABASE_POOL_SIZE: "1", DATABASE_WAIT_MS: "300" };
  /** Runs `check` while the process's only pooled connection is taken. */
  /** The pool's one connection, for the test itself: opening it may take longer than DATABASE_WAIT_MS on a busy machine, so it is tried again. */
  async function takeConnection() {
    for (let attempt = 1; ; attempt++) {
      try {
        return await pool().connect();
      } catch (error) {
        if (attempt >= 20) throw error;
      }
    }
  }
  async function withPoolTaken(check: () => Promise<void>) {
    Object.assign(process.env, POOL);
    resetEnvCache();
    await disconnectDb();
    const taken = await takeConnection();
    try {
      await check();
    } finally {
      taken.release();
      for (const name of Object.keys(POOL)) delete process.env[name];
      process.env.DATABASE_POOL_SIZE = "4";
      resetEnvCache();
      await disconnectDb();
    }
  }

  it("an API request answers 503 overloaded with Retry-After, not 500", async () => {
    await withPoolTaken(async () => {
      const res = await api.get("/api/people", d.admin.token);
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe("overloaded");
      expect(res.headers.get("retry-after")).toBe("1");
    });
    expect((await api.get("/api/people", d.admin.token)).status).toBe(200);
  });

  it("next-auth's routes answer 503 overloaded, whatever next-auth makes of the error", async () => {
    // What next-auth does with an adapter that throws: it logs the error and answers an empty session.
    const session = refusingOverload(async () => {
      try {
        return Response.json(await authOptions().adapter!.getSessionAndUser!(d.admin.token));
      } catch {
        return Response.json({});
      }
    });
    const ask = () => session(new Request("http://localhost/api/auth/session"), {});
    await withPoolTaken(async () => {
      const res = await ask();
      expect(res.status).toBe(503);
      expect((await res.json()).error.code).toBe("overloaded");
      expect(res.headers.get("retry-after")).toBe("1");
    });
    const res = await ask();
    expect(res.status).toBe(200);
    expect((await res.json()).session.personId).toBe(d.admin.id);
  });

  it("a page that fails for it (Next.js writes a 500) goes out as 503 with Retry-After from the app's server", async () => {
    // A stand-in for Next.js rendering a page whose server code reads the database (pageMe).
    const server = createAppServer(
      async (_req, res) => {
        try {
          await sqlRows("select 1");
          res.writeHead(200).end("page");
        } catch {
          res.statusCode = 500;
          res.end("<html>error page</html>");
        }
      },
      async () => "GET",
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/people`;
    try {
      await withPoolTaken(async () => {
        const res = await fetch(url);
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBe("1");
      });
      expect((await fetch(url)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
