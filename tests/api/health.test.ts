import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { recordBackupFailure, recordBackupSuccess } from "@/lib/backup/backup-state";
import { db, disconnectDb } from "@/lib/db/client";
import { serviceHealthSchema } from "@/lib/health/service-health-schema";
import { resetEnvCache } from "@/lib/env";
import { embeddedRealtimeServerOptions } from "@/lib/realtime/config";
import { startEmbeddedRealtimeServer, type EmbeddedRealtimeServer } from "@/lib/realtime/embedded-server";
import { api, type ApiResponse } from "../helpers/api";
import { startTestRealtime } from "../helpers/realtime";

/**
 * GET /api/health against real parts: the test database, an embedded realtime server, the
 * local files and outbox folders, a real SMTP server; each part taken down in turn gives 503.
 */

const ENV_NAMES = ["DATABASE_URL", "DATA_DIR", "SMTP_URL", "REALTIME_PORT", "BACKUP_DIR"];
const original = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
/** The environment every test starts from (the embedded realtime server's port included). */
let saved: Record<string, string | undefined> = original;
let realtime: EmbeddedRealtimeServer;

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

/** A loopback port nothing listens on. */
async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The answer, checked against the documented shape (strictly: no undocumented field). */
async function health(): Promise<ApiResponse> {
  const res = await api.get("/api/health", null);
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(serviceHealthSchema.strict().safeParse(res.body).success, JSON.stringify(res.body)).toBe(true);
  for (const part of Object.values(res.body.parts)) expect(Object.keys(part as object).every((k) => ["ok", "check", "error"].includes(k))).toBe(true);
  return res;
}

const downParts = (res: ApiResponse) =>
  Object.entries(res.body.parts as Record<string, { ok: boolean }>)
    .filter(([, p]) => !p.ok)
    .map(([name]) => name);

beforeAll(async () => {
  // The embedded setup, as `npm start` runs it: no PUSHER_*, the server on REALTIME_PORT.
  setEnv({ REALTIME_PORT: String(await closedPort()) });
  realtime = await startEmbeddedRealtimeServer(embeddedRealtimeServerOptions());
  saved = Object.fromEntries(ENV_NAMES.map((name) => [name, process.env[name]]));
});

afterEach(() => setEnv(saved));

afterAll(async () => {
  await realtime.close();
  setEnv(original);
});

describe("GET /api/health", () => {
  it("answers 200 with every part up, without authentication", async () => {
    const res = await health();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      parts: {
        database: { ok: true, check: "select 1" },
        realtime: { ok: true, check: "GET /health" },
        storage: { ok: true, check: "files folder writable" },
        mail: { ok: true, check: "outbox folder writable" },
      },
      backup: expect.objectContaining({ configured: false }),
    });
  });

  it("answers 503 while the database does not answer, and 200 again once it does", async () => {
    await disconnectDb();
    setEnv({ DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${await closedPort()}/postgres` });
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.body.ok).toBe(false);
      expect(downParts(res)).toEqual(["database"]);
      expect(res.body.parts.database.error).toBeTruthy();
    } finally {
      await disconnectDb();
      setEnv(saved);
    }
    expect((await health()).status).toBe(200);
  });

  it("answers 503 while the embedded realtime server is down", async () => {
    setEnv({ REALTIME_PORT: String(await closedPort()) });
    const res = await health();
    expect(res.status).toBe(503);
    expect(downParts(res)).toEqual(["realtime"]);
    expect(res.body.parts.realtime).toEqual({ ok: false, check: "GET /health", error: "ECONNREFUSED" });
  });

  it("checks a self-hosted Pusher-protocol server (PUSHER_HOST) on its health path", async () => {
    const hosted = await startTestRealtime();
    try {
      const res = await health();
      expect(res.status).toBe(200);
      expect(res.body.parts.realtime).toEqual({ ok: true, check: "GET /health" });
    } finally {
      await hosted.close();
    }
  });

  it("answers 503 when the files folder cannot be written", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-health-"));
    fs.writeFileSync(path.join(dataDir, "files"), "a file where the folder should be");
    setEnv({ DATA_DIR: dataDir });
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(downParts(res)).toEqual(["storage"]);
      expect(res.body.parts.storage).toEqual({ ok: false, check: "files folder writable", error: "EEXIST" });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe("with SMTP", () => {
    let smtp: SMTPServer;
    let smtpPort: number;

    beforeAll(async () => {
      smtp = new SMTPServer({
        disabledCommands: ["STARTTLS"],
        allowInsecureAuth: true,
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === "cas" && auth.password === "right-password") callback(null, { user: "cas" });
          else callback(new Error("Invalid username or password"));
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
      smtpPort = (smtp.server.address() as AddressInfo).port;
    });

    afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    it("is up when the server greets and accepts the login", async () => {
      setEnv({ SMTP_URL: `smtp://cas:right-password@127.0.0.1:${smtpPort}` });
      const res = await health();
      expect(res.status).toBe(200);
      expect(res.body.parts.mail).toEqual({ ok: true, check: "SMTP verify" });
    });

    it("answers 503 when the login is refused, and the body names neither the server nor the secret", async () => {
      setEnv({ SMTP_URL: `smtp://cas:wrong-secret-password@127.0.0.1:${smtpPort}` });
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.body.parts.mail).toEqual({ ok: false, check: "SMTP verify", error: "EAUTH" });
      const text = JSON.stringify(res.body);
      for (const secret of ["wrong-secret-password", "127.0.0.1", String(smtpPort), "cas:"]) expect(text).not.toContain(secret);
    });

    it("answers 503 when the SMTP server does not answer", async () => {
      setEnv({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
      const res = await health();
      expect(res.status).toBe(503);
      expect(downParts(res)).toEqual(["mail"]);
      expect(res.body.parts.mail.error).toBe("ESOCKET");
    });
  });

  describe("backup", () => {
    afterAll(() => db().serviceState.deleteMany({ where: { name: "backup" } }));

    it("says when the last good backup was, and that a failed scheduled one is failing, without a 503", async () => {
      setEnv({ BACKUP_DIR: path.join(os.tmpdir(), "cas-health-backups") });
      await db().serviceState.deleteMany({ where: { name: "backup" } });
      expect((await health()).body.backup).toEqual({ configured: true, last_good_at: null, age_seconds: null, failing: false });

      const goodAt = new Date(Date.now() - 3_600_000);
      await recordBackupSuccess("/backups/a.tar", 10, goodAt);
      let res = await health();
      expect(res.status).toBe(200);
      expect(res.body.backup).toMatchObject({ configured: true, last_good_at: goodAt.toISOString(), failing: false });
      expect(res.body.backup.age_seconds).toBeGreaterThanOrEqual(3600);

      await recordBackupFailure("ENOSPC: no space left on device, write '/backups/secret-path'");
      res = await health();
      expect(res.status).toBe(200);
      expect(res.body.backup).toMatchObject({ last_good_at: goodAt.toISOString(), failing: true });
      expect(JSON.stringify(res.body)).not.toContain("secret-path");
    });
  });
});
