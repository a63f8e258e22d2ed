import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { JOB_HANDLERS } from "@/lib/jobs/handlers";
import { EVENT_TYPES } from "@/lib/webhooks/event-types.shared";
import type { Delivery } from "@/lib/webhooks/schemas";
import { api, call } from "../helpers/api";
import { captureAll, cut, liveWebm, newRecordingId, pipelineSettled } from "../helpers/audio";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer } from "../helpers/openai-server";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

/**
 * Events of changes made many at a time, delivered through the whole stack to a receiver that
 * verifies them with the `standardwebhooks` package: a CSV import (person.created, .updated,
 * .archived, in the import's transaction: none for a refused one), a tag deleted (person.updated
 * for everyone who carried it), a board deleted (interview.updated for its interviews). The
 * 30-day sweep of the log. And every event type's real payload validated against the served
 * OpenAPI document's `webhooks`.
 */

process.env.WEBHOOK_URL_HOSTS = "127.0.0.1";
process.env.WEBHOOK_TIMEOUT_MS = "3000";
resetEnvCache();

let d: TestDistrict;
let receiver: WebhookReceiver;
const WAIT = { timeout: 60_000, interval: 100 };

beforeAll(async () => {
  d = await makeDistrict("Bulk events");
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  for (const name of ["WEBHOOK_URL_HOSTS", "WEBHOOK_TIMEOUT_MS"]) delete process.env[name];
  resetEnvCache();
});

async function subscribe(at: string, types: string[]) {
  const res = await api.post("/api/webhooks", d.admin.token, { url: receiver.url(at), event_types: types });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  receiver.trust(at, res.body.secret);
  return res.body as { id: string; secret: string };
}

const arrived = (at: string, count: number) => expect.poll(() => receiver.received(at).length, WAIT).toBeGreaterThanOrEqual(count);
const typesAt = (at: string) =>
  receiver
    .received(at)
    .map((r) => `${r.payload.type} ${r.payload.data.id}`)
    .sort();
const HEADER = "first,last,email,language,primary_role,other_roles,tags,archived";
const importCsv = (...lines: string[]) =>
  call("POST", "/api/people/import", { token: d.admin.token, rawBody: [HEADER, ...lines].join("\r\n") + "\r\n", headers: { "content-type": "text/csv" } });

describe("a CSV import", () => {
  it("reports each person it creates, updates and archives, with the data a read:people key gets; a refused import sends nothing", async () => {
    const hook = await subscribe("/import", ["person.created", "person.updated", "person.archived"]);
    const emails = [uniqueEmail("imp"), uniqueEmail("imp"), uniqueEmail("imp")];
    const first = await importCsv(...emails.map((e, i) => `Imp${i},Orted,${e},en,Candidate,,,0`));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const ids = first.body.rows.map((r: { person_id: string }) => r.person_id);
    await arrived("/import", 3);
    expect(typesAt("/import")).toEqual(ids.map((id: string) => `person.created ${id}`).sort());
    const key = (await d.addKey(["read:people"])).key;
    for (const got of receiver.received("/import")) {
      expect(got.verifiedWith).toEqual([hook.secret]);
      expect(got.payload.data).toEqual((await api.get(`/api/people/${got.payload.data.id}`, key)).body);
    }
    expect(new Set(receiver.received("/import").map((r) => r.id)).size).toBe(3);

    // One refused row: nothing written, nothing sent.
    const refused = await importCsv(`Changed,Orted,${emails[0]},en,Candidate,,,0`, `Bad,Row,not-an-email,en,,,,0`);
    expect(refused.status).toBe(400);

    // Then: one renamed, one archived (an update and an archive), one unchanged.
    const second = await importCsv(
      `Renamed,Orted,${emails[0]},en,Candidate,,,0`,
      `Imp1,Orted,${emails[1]},en,Candidate,,,1`,
      `Imp2,Orted,${emails[2]},en,Candidate,,,0`,
    );
    expect(second.body.counts).toMatchObject({ update: 2, unchanged: 1 });
    await arrived("/import", 6);
    const later = receiver.received("/import").slice(3);
    expect(later.map((r) => `${r.payload.type} ${r.payload.data.id}`).sort()).toEqual(
      [`person.archived ${ids[1]}`, `person.updated ${ids[0]}`, `person.updated ${ids[1]}`].sort(),
    );
    expect(later.find((r) => r.payload.type === "person.updated" && r.payload.data.id === ids[0])!.payload.data.first).toBe("Renamed");
    expect(later.find((r) => r.payload.type === "person.archived")!.payload.data.archived).toBe(1);
    expect(later.some((r) => r.body.includes("Changed"))).toBe(false);
    await expect
      .poll(async () => ((await api.get(`/api/webhooks/${hook.id}/deliveries`, d.admin.token)).body as Delivery[]).map((x) => x.status), WAIT)
      .toEqual(Array(6).fill("delivered"));
  });
});

describe("deleting a definition that records carry", () => {
  it("a tag: person.updated for each person who carried it, with the tag gone", async () => {
    await subscribe("/tag", ["person.updated"]);
    const tag = (await api.post("/api/tags", d.admin.token, { name: `Cohort ${Date.now()}` })).body;
    const carriers = [];
    for (const first of ["Tia", "Tom"])
      carriers.push((await api.post("/api/people", d.admin.token, { first, last: "Tagged", email: uniqueEmail("tag"), tags: [tag.id] })).body);
    const other = (await api.post("/api/people", d.admin.token, { first: "Una", last: "Untagged", email: uniqueEmail("tag") })).body;
    expect((await api.delete(`/api/tags/${tag.id}`, d.admin.token)).status).toBe(200);
    await arrived("/tag", 2);
    expect(typesAt("/tag")).toEqual(carriers.map((p) => `person.updated ${p.id}`).sort());
    for (const got of receiver.received("/tag")) expect(got.payload.data.tags).toEqual([]);
    expect(typesAt("/tag").join()).not.toContain(other.id);
  });

  it("a board: interview.updated for each of its interviews, their board_id null", async () => {
    await subscribe("/board", ["interview.updated"]);
    const board = (await api.post("/api/boards", d.admin.token, { name: `Board ${Date.now()}`, members: [d.admin.id] })).body;
    const candidate = await d.addPerson("candidate");
    const held = [];
    for (const date of ["2026-10-07", "2026-10-08"])
      held.push((await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date, board_id: board.id })).body);
    const elsewhere = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-09" })).body;
    expect((await api.delete(`/api/boards/${board.id}`, d.admin.token)).status).toBe(200);
    await arrived("/board", 2);
    expect(typesAt("/board")).toEqual(held.map((i) => `interview.updated ${i.id}`).sort());
    for (const got of receiver.received("/board")) {
      expect(got.payload.data.board_id).toBeNull();
      expect(got.payload.data).toEqual((await api.get(`/api/interviews/${candidate.id}/${got.payload.data.id}`, d.admin.token)).body);
    }
    expect(typesAt("/board").join()).not.toContain(elsewhere.id);
  });
});

describe("the 30-day log", () => {
  it("the webhooks-sweep job removes events older than 30 days with their deliveries, and keeps newer ones", async () => {
    const hook = await subscribe("/sweep", ["key.revoked"]);
    // Five events through the real path, then aged: two past the 30 days, three within them.
    for (let i = 0; i < 5; i++) {
      const key = await d.addKey(["read:people"]);
      expect((await api.delete(`/api/keys/${key.id}`, d.admin.token)).status).toBe(200);
    }
    await arrived("/sweep", 5);
    const events = await db().webhookEvent.findMany({ where: { districtId: d.id, type: "key.revoked" }, select: { id: true }, orderBy: { createdAt: "asc" } });
    expect(events).toHaveLength(5);
    const ages = [31, 30.01, 29.9, 1, 0];
    for (const [i, { id }] of events.entries()) {
      await db().webhookEvent.updateMany({ where: { id, districtId: d.id }, data: { createdAt: new Date(Date.now() - ages[i] * 86_400_000) } });
    }
    const deliveriesOf = (ids: string[]) => db().webhookDelivery.count({ where: { districtId: d.id, eventId: { in: ids } } });
    const old = events.slice(0, 2).map((e) => e.id);
    const recent = events.slice(2).map((e) => e.id);
    expect(await deliveriesOf(old)).toBe(2);

    const result = (await JOB_HANDLERS["webhooks-sweep"]({}, { id: "sweep", queue: "webhooks-sweep", retryCount: 0, retryLimit: 2, isLastAttempt: false })) as {
      removed: number;
    };
    expect(result.removed).toBeGreaterThanOrEqual(2);
    expect(await db().webhookEvent.count({ where: { districtId: d.id, id: { in: old } } })).toBe(0);
    expect(await deliveriesOf(old)).toBe(0);
    expect(await db().webhookEvent.count({ where: { districtId: d.id, id: { in: recent } } })).toBe(3);
    expect(await deliveriesOf(recent)).toBe(3);
    const log = (await api.get(`/api/webhooks/${hook.id}/deliveries`, d.admin.token)).body as Delivery[];
    expect(log.map((x) => x.event_id).sort()).toEqual([...recent].sort());
  });
});

describe("what is delivered is what the document says", () => {
  it("every event type's real payload validates against the served OpenAPI document's webhooks (ajv, JSON Schema 2020-12)", async () => {
    const doc = (await api.get("/api/openapi.json", null)).body;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(doc, "openapi.json");
    const openai = await startOpenAiServer();
    process.env.OPENAI_BASE_URL = openai.url;
    process.env.OPENAI_API_KEY = openai.apiKey;
    resetEnvCache();
    openai.answerTranscriptions(() => ({ text: "Good morning", language: "english", duration: 3, segments: [{ start: 0.2, end: 1.4, text: "Good morning" }] }));
    try {
      await subscribe("/every", EVENT_TYPES);
      // Every event type at least once.
      const person = (await api.post("/api/people", d.admin.token, { first: "Eve", last: "Every", email: uniqueEmail("every") })).body;
      await api.patch(`/api/people/${person.id}`, d.admin.token, { archived: 1 });
      const candidate = await d.addPerson("candidate");
      const board = (await api.post("/api/boards", d.admin.token, { name: `Every ${Date.now()}`, members: [d.admin.id] })).body;
      const interview = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-10", board_id: board.id })).body;
      await api.patch(`/api/interviews/${candidate.id}/${interview.id}`, d.admin.token, { published: 1 });
      await api.put(`/api/interviews/${candidate.id}/${interview.id}/scorecards/me`, d.admin.token, { body: { recommendation: 3, note: "Every event" } });
      expect((await api.post(`/api/interviews/${candidate.id}/${interview.id}/scorecards/me/submit`, d.admin.token)).status).toBe(200);
      const recordingId = newRecordingId("every");
      await captureAll(d.admin.token, recordingId, cut(await liveWebm(3), 2));
      expect(
        (await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId: interview.id, name: { en: "Board" } }))
          .status,
      ).toBe(200);
      await pipelineSettled(d.admin.token, recordingId);
      expect((await api.delete(`/api/audio/recordings/${recordingId}`, d.admin.token)).status).toBe(200);
      await api.delete(`/api/interviews/${candidate.id}/${interview.id}`, d.admin.token);
      await api.delete(`/api/people/${person.id}`, d.admin.token);
      const erased = (await api.post("/api/people", d.admin.token, { first: "Ann", last: "Erased", email: uniqueEmail("erased") })).body;
      expect((await api.post(`/api/people/${erased.id}/erase`, d.admin.token, { email: erased.email })).status).toBe(200);
      const key = await d.addKey(["read:people"]);
      await api.delete(`/api/keys/${key.id}`, d.admin.token);

      await expect.poll(() => [...new Set(receiver.received("/every").map((r) => r.payload.type))].sort(), WAIT).toEqual([...EVENT_TYPES].sort());
      for (const got of receiver.received("/every")) {
        const validate = ajv.compile({ $ref: `openapi.json#/webhooks/${got.payload.type}/post/requestBody/content/application~1json/schema` });
        expect(validate(got.payload) ? "valid" : `${got.payload.type}: ${ajv.errorsText(validate.errors)}\n${got.body.slice(0, 1500)}`).toBe("valid");
      }
    } finally {
      delete process.env.OPENAI_BASE_URL;
      delete process.env.OPENAI_API_KEY;
      resetEnvCache();
      await openai.close();
    }
  });
});
