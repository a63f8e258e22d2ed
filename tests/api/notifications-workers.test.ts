import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { spawnWorker } from "../helpers/workers";

/**
 * Two worker processes (tests/helpers/worker-child.ts, as `npm run worker` runs them) sweep for
 * notification e-mails at the same time, on one database and queue: each e-mail is claimed
 * once, and the SMTP server gets it once. The test's own process runs no jobs.
 */
// Before the setup file starts this process's job workers (tests/helpers/job-workers.ts): it runs none.
process.env.JOBS_IN_PROCESS = "0";

let d: TestDistrict;
let smtp: SMTPServer;
const received: { to: string[] }[] = [];
const SETTINGS = { NOTIFY_EMAILS: "true", NOTIFY_AFTER_SECONDS: "600" };
const saved = Object.fromEntries(["SMTP_URL", ...Object.keys(SETTINGS)].map((k) => [k, process.env[k]]));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, SETTINGS, { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  resetEnvCache();
  d = await makeDistrict("Notification workers");
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe("two worker processes", () => {
  it("sweeping at once send each e-mail once", { timeout: 240_000 }, async () => {
    const readers = await Promise.all([1, 2, 3].map(() => d.addPerson("candidate")));
    for (const reader of readers) {
      expect((await api.post("/api/messages", d.admin.token, { participants: [reader.id], body: "Hello from the office" })).status).toBe(201);
      await db().personPresence.upsert({
        where: { personId: reader.id, districtId: d.id },
        create: { personId: reader.id, districtId: d.id, lastSeenAt: new Date(Date.now() - 3600_000) },
        update: { lastSeenAt: new Date(Date.now() - 3600_000) },
      });
    }
    const candidate = readers[0];
    const interview = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-11-04" });
    expect((await api.patch(`/api/interviews/${candidate.id}/${interview.body.id}`, d.admin.token, { published: 1 })).status).toBe(200);

    const workers = [spawnWorker(), spawnWorker()];
    try {
      await Promise.all(workers.map((w) => w.ready));
      // Sweeps side by side, as two processes' timers would (one per singleton key, so both are queued).
      await Promise.all(["a", "b", "c", "d"].map((key) => enqueueJob("notifications-sweep", { districtIds: [d.id] }, { singletonKey: key })));
      const emails = readers.map((r) => r.email);
      await expect.poll(() => received.filter((m) => emails.some((e) => m.to.includes(e))).length, { timeout: 120_000 }).toBe(4);
      await expect.poll(() => db().notification.count({ where: { districtId: d.id, sentAt: null, droppedReason: null } }), { timeout: 60_000 }).toBe(0);
      // Time for a late duplicate to show, if there were one.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const reader of readers)
        expect(
          received.filter((m) => m.to.includes(reader.email)),
          reader.email,
        ).toHaveLength(reader === candidate ? 2 : 1);
      expect(await db().notification.count({ where: { districtId: d.id } })).toBe(4);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});
