import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { runWithRequestContext } from "@/lib/http/request-context";
import { JOB_HANDLERS, jobSchedules } from "@/lib/jobs/handlers";
import type { JobInfo } from "@/lib/jobs/queues";
import { nextRetentionRun } from "@/lib/retention/next-run";
import { retentionSettingsSchema } from "@/lib/retention/schemas";
import { storage } from "@/lib/storage/storage";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * Retention through the real routes, the real job handler and database: the settings (who may,
 * what is valid), what the page announces for the next run, and the daily sweep deleting exactly
 * what has expired (rows with old timestamps) and nothing else, each deletion in the audit trail
 * as done by the system through the job.
 */
let d: TestDistrict;
let other: TestDistrict;

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Retention"), makeDistrict("Retention other")]);
});

const DAY = 24 * 3600 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const path_ = (key: string) => path.join(env().dataDir, "files", key);

/** A published interview of a new candidate, published `days` ago (null: not published), with one saved recording. */
async function interviewWithRecording(district: TestDistrict, publishedDaysAgo: number | null) {
  const candidate = await district.addPerson("candidate");
  const res = await api.post(`/api/interviews/${candidate.id}`, district.admin.token, { date: "2026-01-15" });
  expect(res.status).toBe(201);
  const interviewId = res.body.id as string;
  if (publishedDaysAgo !== null) {
    expect((await api.patch(`/api/interviews/${candidate.id}/${interviewId}`, district.admin.token, { published: 1 })).status).toBe(200);
    await db().$executeRaw`update interviews set published_at = ${ago(publishedDaysAgo)} where id = ${interviewId} and district_id = ${district.id}`;
  }
  const recordingId = `ret-${randomBytes(6).toString("hex")}`;
  const storageKey = `${district.id}/audio/${interviewId}/${recordingId}.webm`;
  await storage().put(storageKey, randomBytes(1024), "audio/webm");
  await db().audioRecording.create({
    data: {
      id: recordingId,
      districtId: district.id,
      interviewId,
      personId: candidate.id,
      storageKey,
      contentType: "audio/webm",
      size: 1024,
      finalizedAt: ago(400),
      transcript: "words",
      language: "en",
    },
  });
  return { candidate, interviewId, recordingId, storageKey };
}

/** A person archived `days` ago, with a stored file. */
async function archivedPerson(district: TestDistrict, days: number) {
  const person = await district.addPerson("candidate", { archived: true });
  await db().$executeRaw`update people set archived_at = ${ago(days)} where id = ${person.id} and district_id = ${district.id}`;
  const form = new FormData();
  form.set("file", new File(["kept?"], "cv.txt", { type: "text/plain" }));
  const file = await api.post(`/api/people/${person.id}/uploads`, district.admin.token, undefined, { form });
  expect(file.status).toBe(201);
  return { ...person, fileKey: decodeURIComponent(new URL(file.body.url).pathname.replace(/^\/files\//, "")) };
}

/** A message of the admin to a new person, sent `days` ago. */
async function messageSent(district: TestDistrict, days: number) {
  const to = await district.addPerson("candidate");
  const res = await api.post("/api/messages", district.admin.token, { participants: [to.id], body: `Sent ${days} days ago` });
  expect(res.status).toBe(201);
  const message = await db().message.findFirstOrThrow({ where: { districtId: district.id, conversationId: res.body.id } });
  await db().$executeRaw`update messages set created_at = ${ago(days)} where id = ${message.id} and district_id = ${district.id}`;
  return { conversationId: res.body.id as string, messageId: message.id };
}

describe("GET/PATCH /api/settings/retention: who may, what is valid", () => {
  it("401 without a token or with an unknown one", async () => {
    for (const token of [null, "not-a-token"]) {
      expect((await api.get("/api/settings/retention", token)).status).toBe(401);
      expect((await api.patch("/api/settings/retention", token, { messages_days: 30 })).status).toBe(401);
    }
  });

  it("403 without the settings permission, and for API keys (sessions only)", async () => {
    const board = await d.addPerson("board");
    const editor = await d.addPersonWith(["people:edit", "interviews:edit"]);
    const key = await d.addKey(["read:people", "write:people", "read:interviews", "write:interviews", "audit"]);
    for (const token of [board.token, editor.token, key.key]) {
      const get = await api.get("/api/settings/retention", token);
      expect(get.status).toBe(403);
      expect(get.body.error.code).toBe("forbidden");
      expect((await api.patch("/api/settings/retention", token, { messages_days: 1 })).status).toBe(403);
    }
    expect((await api.get("/api/settings/retention", d.admin.token)).body.messages_days).toBeNull();
  });

  it("400 for anything but whole days from 1 to 36500 or null, and for an empty change; nothing changes", async () => {
    for (const body of [
      {},
      { messages_days: 0 },
      { messages_days: -3 },
      { messages_days: 1.5 },
      { messages_days: "30" },
      { messages_days: 36501 },
      { recordings_days: 30, ever: 1 },
    ]) {
      const res = await api.patch("/api/settings/retention", d.admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    const bad = await api.patch("/api/settings/retention", d.admin.token, undefined, { rawBody: "{", headers: { "content-type": "application/json" } });
    expect(bad.body.error.code).toBe("invalid_json");
    const now = await api.get("/api/settings/retention", d.admin.token);
    expect(now.body).toMatchObject({ recordings_days: null, archived_people_days: null, messages_days: null });
  });

  it("defaults to forever, changes only what is given, for its own district only; someone with the settings permission may", async () => {
    const settings = await d.addPersonWith(["settings"]);
    const first = await api.get("/api/settings/retention", settings.token);
    expect(first.status).toBe(200);
    expect(retentionSettingsSchema.parse(first.body)).toEqual({
      recordings_days: null,
      archived_people_days: null,
      messages_days: null,
      next_run_at: nextRetentionRun().getTime(),
      next_run_deletes: { recordings: 0, archived_people: 0, messages: 0 },
    });
    const changed = await api.patch("/api/settings/retention", settings.token, { recordings_days: 365 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ recordings_days: 365, archived_people_days: null, messages_days: null });
    expect((await api.patch("/api/settings/retention", settings.token, { recordings_days: null, messages_days: 36500 })).body).toMatchObject({
      recordings_days: null,
      messages_days: 36500,
    });
    expect((await api.get("/api/settings/retention", other.admin.token)).body).toMatchObject({
      recordings_days: null,
      archived_people_days: null,
      messages_days: null,
    });
    expect((await api.patch("/api/settings/retention", settings.token, { messages_days: null })).status).toBe(200);
  });
});

describe("the daily sweep", () => {
  it("is scheduled once a day, and the next run is announced with what it will delete", async () => {
    expect(jobSchedules()).toContainEqual({ queue: "retention-sweep", cron: "17 3 * * *" });
    expect(typeof JOB_HANDLERS["retention-sweep"]).toBe("function");
  });

  it("deletes exactly what is past its time, leaves the rest, and records each deletion as the system's", async () => {
    // Expired under 30 days for recordings and messages, 60 for archived people.
    const oldRecording = await interviewWithRecording(d, 45);
    const freshRecording = await interviewWithRecording(d, 5);
    const unpublished = await interviewWithRecording(d, null);
    await db().$executeRaw`update audio_recordings set created_at = ${ago(500)} where id = ${unpublished.recordingId} and district_id = ${d.id}`;
    const oldArchived = await archivedPerson(d, 90);
    const freshArchived = await archivedPerson(d, 10);
    const oldMessage = await messageSent(d, 40);
    const freshMessage = await messageSent(d, 2);
    // Another district keeps everything forever.
    const theirRecording = await interviewWithRecording(other, 900);
    const theirArchived = await archivedPerson(other, 900);
    const theirMessage = await messageSent(other, 900);

    const settings = await api.patch("/api/settings/retention", d.admin.token, { recordings_days: 30, archived_people_days: 60, messages_days: 30 });
    expect(settings.status).toBe(200);
    // The next run counts from its own time (it may be up to a day away): the ones old enough now are old enough then.
    expect(settings.body.next_run_deletes).toEqual({ recordings: 1, archived_people: 1, messages: 1 });
    expect((await api.get("/api/settings/retention", other.admin.token)).body.next_run_deletes).toEqual({ recordings: 0, archived_people: 0, messages: 0 });

    const job = { id: `job-${randomBytes(4).toString("hex")}`, queue: "retention-sweep" };
    const info = { id: job.id, queue: "retention-sweep", retryCount: 0, retryLimit: 2, isLastAttempt: false } as JobInfo;
    const result = await runWithRequestContext({ job }, () => JOB_HANDLERS["retention-sweep"]({} as never, info));
    expect(result).toMatchObject({ removed: { recordings: 1, archived_people: 1, messages: 1 } });

    // Gone: the rows, and the bytes.
    expect(await db().audioRecording.count({ where: { districtId: d.id, id: oldRecording.recordingId } })).toBe(0);
    expect(fs.existsSync(path_(oldRecording.storageKey))).toBe(false);
    expect((await api.get(`/api/interviews/${oldRecording.candidate.id}/${oldRecording.interviewId}`, d.admin.token)).body.audio).toEqual({});
    expect((await api.get(`/api/people/${oldArchived.id}`, d.admin.token)).status).toBe(404);
    expect(fs.existsSync(path_(oldArchived.fileKey))).toBe(false);
    expect(await db().message.count({ where: { districtId: d.id, id: oldMessage.messageId } })).toBe(0);
    // The emptied conversation stays.
    expect((await api.get(`/api/messages/${oldMessage.conversationId}`, d.admin.token)).status).toBe(200);

    // Untouched: what is not past its time, what is not published, another district's.
    for (const kept of [freshRecording, unpublished]) {
      expect(await db().audioRecording.count({ where: { districtId: d.id, id: kept.recordingId } })).toBe(1);
      expect(fs.existsSync(path_(kept.storageKey))).toBe(true);
    }
    expect((await api.get(`/api/people/${freshArchived.id}?include=files`, d.admin.token)).body.files).toHaveLength(1);
    expect(await db().message.count({ where: { districtId: d.id, id: freshMessage.messageId } })).toBe(1);
    expect(await db().audioRecording.count({ where: { districtId: other.id, id: theirRecording.recordingId } })).toBe(1);
    expect(fs.existsSync(path_(theirRecording.storageKey))).toBe(true);
    expect((await api.get(`/api/people/${theirArchived.id}`, other.admin.token)).status).toBe(200);
    expect(await db().message.count({ where: { districtId: other.id, id: theirMessage.messageId } })).toBe(1);

    // Audited: each deletion, by the system, through the job.
    const events = await db().auditEvent.findMany({
      where: {
        districtId: d.id,
        action: { in: ["recording.deleted", "person.deleted", "message.deleted"] },
        recordId: { in: [oldRecording.recordingId, oldArchived.id, oldMessage.messageId] },
      },
      select: { action: true, recordId: true, actorType: true, via: true },
    });
    expect(events.map((e) => [e.action, e.recordId, e.actorType, e.via]).sort()).toEqual(
      [
        ["message.deleted", oldMessage.messageId, "system", "job:retention-sweep"],
        ["person.deleted", oldArchived.id, "system", "job:retention-sweep"],
        ["recording.deleted", oldRecording.recordingId, "system", "job:retention-sweep"],
      ].sort(),
    );

    // The next run has nothing left to delete; running it again deletes nothing more.
    expect((await api.get("/api/settings/retention", d.admin.token)).body.next_run_deletes).toEqual({ recordings: 0, archived_people: 0, messages: 0 });
    const again = await runWithRequestContext({ job }, () => JOB_HANDLERS["retention-sweep"]({} as never, info));
    expect(again).toMatchObject({ removed: { recordings: 0, archived_people: 0, messages: 0 } });
  });
});
