import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBackupState } from "@/lib/backup/backup-state";
import { restoreBackup } from "@/lib/backup/restore-backup";
import { runScheduledBackup } from "@/lib/backup/scheduled-backup";
import { verifyBackup } from "@/lib/backup/verify-backup";
import { openEmbeddedDatabase } from "@/lib/db/embedded";
import { resetEnvCache } from "@/lib/env";
import { listClusterJobs } from "@/lib/jobs/district-jobs";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";
import { api } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";
import { embeddedRun, newServerDatabase, tempDir, useOwnService } from "../helpers/own-service";

/**
 * `npm run admin -- backup | backup verify | restore` as real child processes, against a service
 * database of this file's own (the embedded PGlite, which this process serves as `npm start`'s
 * database part does, or a database on the PostgreSQL server of the run), while 20 writers
 * write through the API.
 */

const embedded = embeddedRun();
const cleanups: Array<() => Promise<unknown>> = [];
const tmp = (label: string) => tempDir(`backup-${label}`);
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

type Service = { dataDir: string; url: string };
let source: Service;
let d: TestDistrict;

/** The environment of an ops command against `service` (the embedded one: found through its owner, this process). */
function commandEnv(service: { dataDir: string; url?: string }, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: service.dataDir, ...extra };
  delete env.EMBEDDED_DATABASE;
  if (embedded || !service.url) delete env.DATABASE_URL;
  else env.DATABASE_URL = service.url;
  return env;
}

function admin(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, "scripts/admin.ts", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => (stdout += c));
  child.stderr.on("data", (c) => (stderr += c));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; last: Record<string, unknown>; stderr: string }>((resolve) =>
    child.once("close", (code, signal) => {
      const lines = stdout.trim().split("\n");
      let last: Record<string, unknown> = {};
      try {
        last = JSON.parse(lines.at(-1) ?? "{}");
      } catch {
        /* killed before it printed */
      }
      resolve({ code, signal, last, stderr });
    }),
  );
  return { child, done };
}

/** Rows of a restored service, read directly. */
async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const own = await useOwnService("backup-source");
  cleanups.push(own.close);
  source = { dataDir: own.dataDir, url: own.url };
  d = await makeDistrict("Backups");
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

type Written = { personId: string; ackAt: number; file?: { key: string; sha256: string } };

/** 20 writers adding people (every third with a file) through the API until `stop`. */
function startWriters() {
  const written: Written[] = [];
  let stop = false;
  const loops = Array.from({ length: 20 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const res = await api.post("/api/people", d.admin.token, { first: `W${w}`, last: `N${i}`, email: uniqueEmail(`w${w}`) });
      if (res.status !== 201) continue;
      const entry: Written = { personId: res.body.id, ackAt: Date.now() };
      if (i % 3 === 0) {
        const bytes = randomBytes(20_000 + ((w * 7919 + i * 104729) % 180_000));
        const form = new FormData();
        form.set("file", new File([bytes], `f${w}-${i}.bin`, { type: "application/pdf" }));
        const up = await api.post(`/api/people/${entry.personId}/uploads`, d.admin.token, undefined, { form });
        if (up.status === 201) {
          entry.ackAt = Date.now();
          entry.file = { key: decodeURIComponent(new URL(up.body.url).pathname.replace(/^\/files\//, "")), sha256: sha(bytes) };
        }
      }
      written.push(entry);
    }
  });
  return {
    written,
    stop: async () => {
      stop = true;
      await Promise.all(loops);
    },
  };
}

/** A restored service's database: the PostgreSQL one, or the embedded one of its DATA_DIR opened here. */
async function restoredUrl(target: { dataDir: string; url?: string }) {
  if (target.url) return target.url;
  const db = await openEmbeddedDatabase(target.dataDir);
  cleanups.push(db.close);
  return db.url;
}

describe("backup and restore", () => {
  let archive: string;
  let written: Written[];
  let beganAt: number;

  it("takes a consistent backup while 20 writers write, and a restore holds every write acknowledged before it began, files byte for byte", async () => {
    const writers = startWriters();
    while (writers.written.length < 60 || writers.written.filter((w) => w.file).length < 15) await new Promise((r) => setTimeout(r, 50));
    beganAt = Date.now();
    const backup = admin(["backup", "--to", `${tmp("out")}/`], commandEnv(source));
    const result = await backup.done;
    await writers.stop();
    written = writers.written;
    expect(result.code, result.stderr).toBe(0);
    archive = String(result.last.file);
    expect(result.last).toMatchObject({ file: expect.stringMatching(/cas-backup-.+\.tar$/), bytes: fs.statSync(archive).size });
    expect(Number(result.last.rows)).toBeGreaterThan(0);
    expect(written.filter((w) => w.ackAt > beganAt).length, "writes went on during the backup").toBeGreaterThan(0);

    const target = embedded
      ? { dataDir: tmp("restored") }
      : { dataDir: tmp("restored"), url: await newServerDatabase("backup_restored").then((db) => (cleanups.push(db.drop), db.url)) };
    const restored = await admin(["restore", archive], commandEnv(target)).done;
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.last).toMatchObject({ file: archive, rows: result.last.rows, files: result.last.files });

    const url = await restoredUrl(target);
    const people = new Set((await query<{ id: string }>(url, `select id from people where district_id = '${d.id}'`)).map((r) => r.id));
    const before = written.filter((w) => w.ackAt < beganAt);
    expect(before.length).toBeGreaterThanOrEqual(60);
    for (const w of before) expect(people.has(w.personId), `person ${w.personId} acknowledged before the backup`).toBe(true);
    const stored = await query<{ storage_key: string }>(url, `select storage_key from person_files where district_id = '${d.id}'`);
    expect(stored.length).toBe(result.last.files);
    for (const w of before.filter((w) => w.file)) {
      expect(sha(fs.readFileSync(path.join(target.dataDir, "files", w.file!.key))), w.file!.key).toBe(w.file!.sha256);
    }
    for (const { storage_key } of stored) {
      expect(fs.readFileSync(path.join(target.dataDir, "files", storage_key)).equals(fs.readFileSync(path.join(source.dataDir, "files", storage_key)))).toBe(
        true,
      );
    }
  }, 240_000);

  it("verifies a good archive: every file's hash and every table's rows, in a scratch database", async () => {
    const verified = await admin(["backup", "verify", archive], commandEnv({ dataDir: tmp("verify") })).done;
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.last).toMatchObject({ ok: true, file: archive });
  }, 120_000);

  describe("a damaged archive is refused by verify and by restore, which say what is wrong", () => {
    const damaged = (change: (bytes: Buffer) => Buffer) => {
      const file = path.join(tmp("damaged"), path.basename(archive));
      fs.writeFileSync(file, change(fs.readFileSync(archive)));
      return file;
    };
    const flip = (at: (bytes: Buffer) => number) => (bytes: Buffer) => {
      const i = at(bytes);
      expect(i).toBeGreaterThan(0);
      bytes[i] ^= 0x55;
      return bytes;
    };
    const file = () => written.find((w) => w.file && w.ackAt < beganAt)!.file!;

    const cases: Array<[string, () => string, RegExp]> = [
      ["a byte of the database dump", () => damaged(flip(() => 512 + 40)), /database\.sql\.gz \(the database\) differs from the manifest/],
      [
        "a byte of a file",
        () => damaged(flip((b) => b.indexOf(fs.readFileSync(path.join(source.dataDir, "files", file().key)).subarray(0, 64)) + 100)),
        /the file .+ differs from the manifest/,
      ],
      ["a byte of the manifest", () => damaged(flip((b) => b.indexOf('"format": "cas-backup"') + 12)), /manifest\.json does not match its checksum/],
      ["the end cut off", () => damaged((b) => b.subarray(0, Math.floor(b.length * 0.7))), /truncated|incomplete/],
    ];
    for (const [what, make, message] of cases) {
      it(`${what}`, async () => {
        const bad = make();
        await expect(verifyBackup(bad, {})).rejects.toThrow(message);
        const target = tmp("refused");
        await expect(restoreBackup(bad, { kind: "pglite", dataDir: target })).rejects.toThrow(message);
        expect(fs.readdirSync(target)).toEqual([]);
      }, 120_000);
    }

    it("the command says it too, and exits 1", async () => {
      const bad = damaged(flip(() => 512 + 40));
      const verified = await admin(["backup", "verify", bad], commandEnv({ dataDir: tmp("verify") })).done;
      expect(verified.code).toBe(1);
      expect(String(verified.last.error)).toMatch(/database\.sql\.gz \(the database\) differs from the manifest/);
    }, 120_000);
  });

  it("refuses to restore into a DATA_DIR or database that is not empty, saying why", async () => {
    const refused = await admin(["restore", archive], commandEnv(source)).done;
    expect(refused.code).toBe(1);
    expect(String(refused.last.error)).toMatch(embedded ? /DATA_DIR .+ is not empty/ : /the database named by DATABASE_URL is not empty/);
    expect((await api.get("/api/people", d.admin.token)).status).toBe(200);
  }, 120_000);

  it("leaves no archive under its name when killed mid-way (kill -9), the service goes on, and the next backup clears the leftovers", async () => {
    const out = tmp("killed");
    const backup = admin(["backup", "--to", `${out}/`], commandEnv(source));
    while (!fs.readdirSync(out).some((n) => n.endsWith(".partial"))) await new Promise((r) => setTimeout(r, 5));
    backup.child.kill("SIGKILL");
    expect((await backup.done).signal).toBe("SIGKILL");
    expect(fs.readdirSync(out).filter((n) => n.startsWith("cas-backup-"))).toEqual([]);

    const created = await api.post("/api/people", d.admin.token, { first: "After", last: "Kill", email: uniqueEmail("after") });
    expect(created.status).toBe(201);

    const again = await admin(["backup", "--to", `${out}/`], commandEnv(source)).done;
    expect(again.code, again.stderr).toBe(0);
    expect(fs.readdirSync(out)).toEqual([path.basename(String(again.last.file))]);
    expect(fs.readdirSync(source.dataDir).filter((n) => n.startsWith(".backup-staging"))).toEqual([]);
    // Nor a record of changed rows (the embedded dump's), whatever moment the kill came at.
    const capture = await query<{ n: number }>(
      source.url,
      "select (select count(*) from _backup_capture)::int + (select count(*) from _backup_changes)::int + (select count(*) from pg_trigger where tgname like '_cas_backup_capture%')::int as n",
    );
    expect(capture[0].n).toBe(0);
  }, 180_000);

  it("encrypts with BACKUP_PASSPHRASE (age), and restores and verifies only with the same passphrase", async () => {
    const passphrase = "correct horse battery staple";
    const backup = await admin(["backup", "--to", `${tmp("age")}/`], commandEnv(source, { BACKUP_PASSPHRASE: passphrase })).done;
    expect(backup.code, backup.stderr).toBe(0);
    const file = String(backup.last.file);
    expect(file).toMatch(/\.tar\.age$/);
    expect(fs.readFileSync(file).subarray(0, 21).toString()).toBe("age-encryption.org/v1");
    expect(fs.readFileSync(file).includes(Buffer.from("manifest.json"))).toBe(false);

    await expect(verifyBackup(file, {})).rejects.toThrow(/encrypted: set BACKUP_PASSPHRASE/);
    await expect(verifyBackup(file, { passphrase: "wrong horse" })).rejects.toThrow(/cannot decrypt the archive \(wrong BACKUP_PASSPHRASE/);
    const target = tmp("age-restored");
    const restored = await restoreBackup(file, { kind: "pglite", dataDir: target }, { passphrase, files: false });
    expect(restored.rows).toBe(backup.last.rows);
  }, 180_000);
});

describe("scheduled backups", () => {
  const setEnv = (values: Record<string, string>) => {
    Object.assign(process.env, values);
    resetEnvCache();
  };
  afterAll(() => {
    delete process.env.BACKUP_DIR;
    delete process.env.BACKUP_KEEP;
    resetEnvCache();
  });

  it("a failed one is a dead job at once, which the operator sees, and health says backups are failing", async () => {
    const notAFolder = path.join(tmp("dead"), "file");
    fs.writeFileSync(notAFolder, "");
    setEnv({ BACKUP_DIR: notAFolder });
    const id = await enqueueJob("backup", {});
    let dead: Awaited<ReturnType<typeof listClusterJobs>>[number] | undefined;
    while (!dead) {
      dead = (await listClusterJobs("failed")).find((j) => j.id === id);
      if (!dead) await new Promise((r) => setTimeout(r, 200));
    }
    expect(dead).toMatchObject({ queue: "backup", state: "failed", attempts: 1, retry_limit: 0 });
    expect(dead.error).toMatch(/ENOTDIR|EEXIST/);
    const state = await readBackupState();
    expect(state.last_failed_at).toBeTruthy();
    expect((await api.get("/api/health", null)).body.backup).toMatchObject({ configured: true, failing: true });
  }, 120_000);

  it("a good one lands in BACKUP_DIR, is recorded as the last good backup, and BACKUP_KEEP prunes the older ones", async () => {
    const dir = tmp("scheduled");
    const old = ["cas-backup-2026-01-01T02-17-00Z.tar", "cas-backup-2026-01-02T02-17-00Z.tar", "cas-backup-2026-01-02T12-00-00Z.tar"];
    for (const name of old) fs.writeFileSync(path.join(dir, name), "old");
    fs.writeFileSync(path.join(dir, "notes.txt"), "not a backup");
    setEnv({ BACKUP_DIR: dir, BACKUP_KEEP: "2d" });
    const result = (await runScheduledBackup()) as { file: string; pruned: string[] };
    expect(result.pruned.sort()).toEqual(["cas-backup-2026-01-01T02-17-00Z.tar", "cas-backup-2026-01-02T02-17-00Z.tar"]);
    expect(fs.readdirSync(dir).sort()).toEqual(["cas-backup-2026-01-02T12-00-00Z.tar", path.basename(result.file), "notes.txt"].sort());
    expect(await verifyBackup(result.file, {})).toMatchObject({ ok: true });
    const state = await readBackupState();
    expect(state.last_file).toBe(result.file);
    expect((await api.get("/api/health", null)).body.backup).toMatchObject({ configured: true, failing: false, last_good_at: state.last_good_at });
  }, 180_000);
});
