import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { env, resetEnvCache } from "@/lib/env";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { EVENT_TYPES } from "@/lib/webhooks/event-types.shared";
import type { Delivery } from "@/lib/webhooks/schemas";
import { api } from "../helpers/api";
import { captureAll, cut, liveWebm, newRecordingId, pipelineSettled } from "../helpers/audio";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";
import { startOpenAiServer } from "../helpers/openai-server";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

/**
 * Webhook deliveries through the whole stack: a change commits with its event, a worker (in this
 * process) signs and POSTs it, and a local receiver verifies every request with the
 * `standardwebhooks` package. Signatures with one secret and, after a rotation, two; retries
 * after 500s and timeouts; the endpoint disabled after the last attempt, the admins told;
 * redelivery and replay with the same ids; no private field; no other district's event; nothing
 * for a change that rolled back; no redirect followed, no loopback reached through a name.
 */

// The receiver is on loopback: the operator's allowance, as docs/api.md describes (WEBHOOK_URL_HOSTS). Quick retries
// (4 attempts, 1 s doubling) and a 3 s time limit keep the file fast.
process.env.WEBHOOK_URL_HOSTS = "127.0.0.1";
process.env.WEBHOOK_TIMEOUT_MS = "3000";
process.env.WEBHOOK_RETRY_LIMIT = "3";
process.env.WEBHOOK_RETRY_DELAY_SECONDS = "1";
resetEnvCache();

let d: TestDistrict;
let other: TestDistrict;
let receiver: WebhookReceiver;
const WAIT = { timeout: 60_000, interval: 100 };

beforeAll(async () => {
  [d, other] = await Promise.all([makeDistrict("Hooks"), makeDistrict("Hooks elsewhere")]);
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver.close();
  for (const name of ["WEBHOOK_URL_HOSTS", "WEBHOOK_TIMEOUT_MS", "WEBHOOK_RETRY_LIMIT", "WEBHOOK_RETRY_DELAY_SECONDS"]) delete process.env[name];
  resetEnvCache();
});

/** An endpoint at a path of the receiver, which from then on verifies that path's requests with its secret. */
async function subscribe(at: string, types: string[], district = d) {
  const res = await api.post("/api/webhooks", district.admin.token, { url: receiver.url(at), event_types: types });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  receiver.trust(at, res.body.secret);
  return res.body as { id: string; secret: string };
}

const deliveries = async (id: string, district = d) => (await api.get(`/api/webhooks/${id}/deliveries`, district.admin.token)).body as Delivery[];
const endpointOf = async (id: string) => (await api.get(`/api/webhooks/${id}`, d.admin.token)).body;
const arrived = (at: string, count: number) => expect.poll(() => receiver.received(at).length, WAIT).toBeGreaterThanOrEqual(count);
const newPerson = async (district = d, first = "Wanda") =>
  (await api.post("/api/people", district.admin.token, { first, last: "Webhook", email: uniqueEmail("hook") })).body as { id: string };

function outboxFor(email: string) {
  const dir = path.join(env().dataDir, "outbox");
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
  return names
    .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")) as { to: string; subject: string; text: string })
    .filter((m) => m.to === email);
}

describe("signatures", () => {
  it("each delivery verifies with the endpoint's secret; the payload is what a read:people key gets", async () => {
    const hook = await subscribe("/people", ["person.created", "person.updated", "person.archived", "person.deleted"]);
    const person = await newPerson();
    await arrived("/people", 1);
    const [got] = receiver.received("/people");
    expect(got.verifiedWith).toEqual([hook.secret]);
    expect(got.signatures).toHaveLength(1);
    expect(got.id).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(got.payload).toMatchObject({ type: "person.created", timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
    const key = await d.addKey(["read:people"]);
    expect(got.payload.data).toEqual((await api.get(`/api/people/${person.id}`, key.key)).body);
    await expect
      .poll(async () => (await deliveries(hook.id))[0], WAIT)
      .toMatchObject({ event_id: got.id, event_type: "person.created", kind: "event", status: "delivered", attempts: 1, response_status: 200, error: null });

    // Archiving is an update and an archive; deleting carries the id.
    expect((await api.patch(`/api/people/${person.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    expect((await api.delete(`/api/people/${person.id}`, d.admin.token)).status).toBe(200);
    await arrived("/people", 4);
    const later = receiver.received("/people").slice(1);
    expect(later.map((r) => r.payload.type).sort()).toEqual(["person.archived", "person.deleted", "person.updated"]);
    expect(later.find((r) => r.payload.type === "person.archived")!.payload.data).toMatchObject({ id: person.id, archived: 1 });
    expect(later.find((r) => r.payload.type === "person.deleted")!.payload.data).toEqual({ id: person.id });
    expect(new Set(later.map((r) => r.id)).size).toBe(3);
    expect(later.every((r) => r.verifiedWith.length === 1)).toBe(true);
  });

  it("a plain change (a name, tags) sends person.updated too: the one-statement write steps aside for subscribers", async () => {
    await subscribe("/plain", ["person.updated"]);
    const person = await newPerson(d, "Plain");
    expect((await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Renamed" })).body.first).toBe("Renamed");
    await arrived("/plain", 1);
    expect(receiver.received("/plain")[0].payload).toMatchObject({ type: "person.updated", data: { id: person.id, first: "Renamed" } });
  });

  it("after a rotation two signatures, each verifying on its own (old and new secret); after the 24 hours only the new one", async () => {
    const hook = await subscribe("/rotation", ["key.revoked"]);
    const rotated = (await api.post(`/api/webhooks/${hook.id}/rotate`, d.admin.token)).body as { secret: string };
    receiver.trust("/rotation", hook.secret, rotated.secret);
    const key = await d.addKey(["read:people"]);
    expect((await api.delete(`/api/keys/${key.id}`, d.admin.token)).status).toBe(200);
    await arrived("/rotation", 1);
    const [got] = receiver.received("/rotation");
    expect(got.signatures).toHaveLength(2);
    expect(got.verifiedWith).toEqual([hook.secret, rotated.secret]);
    expect(got.payload).toMatchObject({ type: "key.revoked", data: { id: key.id, name: "test key", scopes: ["read:people"], revoked_at: expect.any(Number) } });

    // The grace period over (moved into the past here): one signature, by the new secret alone.
    await db().webhookEndpoint.updateMany({ where: { id: hook.id, districtId: d.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const second = await d.addKey(["read:people"]);
    await api.delete(`/api/keys/${second.id}`, d.admin.token);
    await arrived("/rotation", 2);
    const after = receiver.received("/rotation")[1];
    expect(after.signatures).toHaveLength(1);
    expect(after.verifiedWith).toEqual([rotated.secret]);
  });
});

describe("retries", () => {
  it("after 500s: the same event (same webhook-id) again until a 2xx", async () => {
    const hook = await subscribe("/flaky", ["person.created"]);
    receiver.answer("/flaky", { status: 500 }, { status: 503 }, { status: 204 });
    await newPerson();
    await expect.poll(async () => (await deliveries(hook.id))[0], WAIT).toMatchObject({ status: "delivered", attempts: 3, response_status: 204, error: null });
    const got = receiver.received("/flaky");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(got.every((r) => r.verifiedWith.length === 1)).toBe(true);
  });

  it("after a timeout: an answer later than WEBHOOK_TIMEOUT_MS is a failure, and the event is sent again", async () => {
    const hook = await subscribe("/slow", ["person.created"]);
    receiver.answer("/slow", { delayMs: 6000 }, {});
    await newPerson();
    await expect.poll(async () => (await deliveries(hook.id))[0], WAIT).toMatchObject({ status: "delivered", attempts: 2, response_status: 200 });
    const got = receiver.received("/slow");
    expect(got).toHaveLength(2);
    expect(got[1].id).toBe(got[0].id);
  });

  it("after the last attempt the endpoint is disabled with why, every admin is e-mailed in their language; fixed, enabled and replayed, the events arrive with their ids", async () => {
    const spanish = await d.addPerson("admin", { language: "es" });
    const hook = await subscribe("/down", ["person.created"]);
    receiver.answer("/down", { status: 500 });
    const since = Date.now();
    await newPerson();
    await expect.poll(async () => (await endpointOf(hook.id)).enabled, WAIT).toBe(0);
    const disabled = await endpointOf(hook.id);
    expect(disabled.disabled_reason).toMatch(/^4 attempts failed; the last one: The endpoint answered HTTP 500\.$/);
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: "failed", attempts: 4, response_status: 500 });
    expect(receiver.received("/down")).toHaveLength(4);
    await expect
      .poll(() => outboxFor(d.admin.email).map((m) => m.subject), WAIT)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^A webhook endpoint of .* was disabled$/)]));
    await expect
      .poll(() => outboxFor(spanish.email).map((m) => m.subject), WAIT)
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Se desactivó un webhook de /)]));
    const mail = outboxFor(spanish.email).find((m) => m.subject.startsWith("Se desactivó"))!;
    expect(mail.text).toContain(receiver.url("/down"));
    // The link opens the settings page (which exists: app/(app)/settings/webhooks) at this endpoint.
    expect(mail.text).toContain(`${serviceOrigin()}/settings/webhooks?endpoint=${hook.id}\n`);

    // Disabled: nothing is sent (the event is kept for a replay), and a replay waits for it to be enabled.
    const missed = await newPerson(d, "Missed");
    expect(await deliveries(hook.id)).toHaveLength(1);
    expect((await api.post(`/api/webhooks/${hook.id}/replay`, d.admin.token, { since })).status).toBe(409);

    receiver.answer("/down", {});
    const enabled = await api.patch(`/api/webhooks/${hook.id}`, d.admin.token, { enabled: 1 });
    expect(enabled.body).toMatchObject({ enabled: 1, disabled_reason: null, disabled_at: null });
    const replay = await api.post(`/api/webhooks/${hook.id}/replay`, d.admin.token, { since });
    expect(replay.status).toBe(202);
    expect(replay.body).toEqual({ ok: true, events: 2, next_since: null });
    await arrived("/down", 6);
    const replayed = receiver.received("/down").slice(4);
    expect(replayed.map((r) => r.id)).toContain(receiver.received("/down")[0].id);
    expect(replayed.map((r) => r.payload.data.id)).toContain(missed.id);
    await expect
      .poll(async () => (await deliveries(hook.id)).filter((x) => x.kind === "replay").map((x) => x.status), WAIT)
      .toEqual(["delivered", "delivered"]);
  });
});

describe("never more than the endpoint's owner may read", () => {
  const subscribeAs = async (token: string, at: string, types: string[]) => {
    const res = await api.post("/api/webhooks", token, { url: receiver.url(at), event_types: types });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    receiver.trust(at, res.body.secret);
    return res.body as { id: string };
  };

  it("an owner archived since: nothing is sent, the delivery is cancelled with why, the endpoint disabled and the admins told; an admin who enables it takes it over", async () => {
    const owner = await d.addPerson("admin", { first: "Olga", last: "Owner" });
    const hook = await subscribeAs(owner.token, "/owner-archived", ["person.created"]);
    expect((await api.patch(`/api/people/${owner.id}`, d.admin.token, { archived: 1 })).status).toBe(200);
    await newPerson(d, "Unsent");
    await expect.poll(async () => (await endpointOf(hook.id)).enabled, WAIT).toBe(0);
    const [delivery] = await deliveries(hook.id);
    expect(delivery).toMatchObject({
      status: "cancelled",
      attempts: 0,
      error: expect.stringMatching(/^Not sent: Olga Owner, who set up this endpoint, was archived\./),
    });
    expect((await endpointOf(hook.id)).disabled_reason).toBe(delivery.error);
    expect(receiver.hits("/owner-archived")).toBe(0);
    await expect
      .poll(() => outboxFor(d.admin.email).filter((m) => m.text.includes(receiver.url("/owner-archived"))), WAIT)
      .toEqual([expect.objectContaining({ text: expect.stringContaining(`${serviceOrigin()}/settings/webhooks?endpoint=${hook.id}`) })]);
    expect(outboxFor(d.admin.email).find((m) => m.text.includes(receiver.url("/owner-archived")))!.text).toMatch(
      /the person who set it up may no longer read the events/,
    );

    expect((await api.patch(`/api/webhooks/${hook.id}`, d.admin.token, { enabled: 1 })).status).toBe(200);
    const next = await newPerson(d, "Sent");
    await arrived("/owner-archived", 1);
    expect(receiver.received("/owner-archived").map((r) => r.payload.data.id)).toEqual([next.id]);
  });

  it("an owner whose role lost the right: interview events stop at the next delivery, unsent", async () => {
    const owner = await d.addPersonWith(["settings", "interviews:edit"]);
    const hook = await subscribeAs(owner.token, "/owner-demoted", ["interview.created", "person.created"]);
    const candidate = await d.addPerson("candidate");
    expect((await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-06" })).status).toBe(201);
    await arrived("/owner-demoted", 1);
    expect((await api.patch(`/api/roles/${owner.roleId}`, d.admin.token, { permissions: ["settings"] })).status).toBe(200);
    const before = receiver.hits("/owner-demoted");
    // Even a person event: the endpoint carries interview events its owner may no longer read.
    await newPerson(d, "Demoted");
    await expect.poll(async () => (await endpointOf(hook.id)).enabled, WAIT).toBe(0);
    expect((await deliveries(hook.id))[0]).toMatchObject({
      event_type: "person.created",
      status: "cancelled",
      error: expect.stringMatching(/may no longer read its events \(interview\.created: only someone who may read every interview/),
    });
    expect(receiver.hits("/owner-demoted")).toBe(before);
    // And nobody without the right can turn it back on.
    expect((await api.patch(`/api/webhooks/${hook.id}`, owner.token, { enabled: 1 })).status).toBe(403);
  });
});

describe("test events, redelivery, the log", () => {
  it("a test event is sent once to that endpoint alone; a failed one disables nothing", async () => {
    const hook = await subscribe("/test", ["key.revoked"]);
    const sent = await api.post(`/api/webhooks/${hook.id}/test`, d.admin.token);
    expect(sent.status).toBe(202);
    await arrived("/test", 1);
    const [got] = receiver.received("/test");
    expect(got.verifiedWith).toEqual([hook.secret]);
    expect(got.id).toBe(sent.body.event_id);
    expect(got.payload).toMatchObject({ type: "webhook.test", data: { endpoint_id: hook.id } });
    await expect
      .poll(async () => (await deliveries(hook.id))[0], WAIT)
      .toMatchObject({ id: sent.body.delivery_id, kind: "test", status: "delivered", attempts: 1 });

    receiver.answer("/test", { status: 500 });
    const failing = await api.post(`/api/webhooks/${hook.id}/test`, d.admin.token);
    await expect
      .poll(async () => (await deliveries(hook.id))[0], WAIT)
      .toMatchObject({ id: failing.body.delivery_id, status: "failed", attempts: 1, response_status: 500 });
    expect((await endpointOf(hook.id)).enabled).toBe(1);
  });

  it("a redelivered event has the same id and body; the log pages newest first", async () => {
    const hook = await subscribe("/again", ["interview.created"]);
    const candidate = await d.addPerson("candidate");
    await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-01" });
    await arrived("/again", 1);
    const [first] = await deliveries(hook.id);
    await expect.poll(async () => (await deliveries(hook.id))[0].status, WAIT).toBe("delivered");
    const again = await api.post(`/api/webhooks/${hook.id}/deliveries/${first.id}/redeliver`, d.admin.token);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ ok: true, event_id: first.event_id, delivery_id: expect.any(String) });
    await arrived("/again", 2);
    const [a, b] = receiver.received("/again");
    expect(b.id).toBe(a.id);
    expect(b.body).toBe(a.body);
    expect(b.verifiedWith).toEqual([hook.secret]);
    await expect
      .poll(async () => (await deliveries(hook.id)).map((x) => [x.kind, x.status]), WAIT)
      .toEqual([
        ["redelivery", "delivered"],
        ["event", "delivered"],
      ]);
    const page = await api.get(`/api/webhooks/${hook.id}/deliveries?limit=1`, d.admin.token);
    expect(page.body.map((x: Delivery) => x.id)).toEqual([again.body.delivery_id]);
    const next = await api.get(`/api/webhooks/${hook.id}/deliveries?limit=1&before=${again.body.delivery_id}`, d.admin.token);
    expect(next.body.map((x: Delivery) => x.id)).toEqual([first.id]);
    expect((await api.get(`/api/webhooks/${hook.id}/deliveries?status=failed`, d.admin.token)).body).toEqual([]);
    expect((await api.get(`/api/webhooks/${hook.id}/deliveries?limit=0`, d.admin.token)).status).toBe(400);
  });
});

describe("what is sent, and to whom", () => {
  it("private form fields never appear in interview payloads, not even their answers' text", async () => {
    const secretNote = `Board-only ${randomBytes(6).toString("hex")}`;
    const form = await api.post("/api/forms", d.admin.token, {
      name: "Hook form",
      fields: [
        { id: "strengths", type: "text", label: { en: "Strengths" } },
        { id: "board_notes", type: "text", label: { en: "Board notes" }, p: 1 },
      ],
    });
    await subscribe("/interviews", ["interview.created", "interview.updated", "interview.published"]);
    const candidate = await d.addPerson("candidate");
    const interview = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-02", form_id: form.body.id })).body;
    const path = `/api/interviews/${candidate.id}/${interview.id}`;
    expect((await api.patch(path, d.admin.token, { responses: { strengths: { en: "Clear" }, board_notes: { en: secretNote } }, published: 1 })).status).toBe(
      200,
    );
    await arrived("/interviews", 3);
    const got = receiver.received("/interviews");
    expect(got.map((r) => r.payload.type).sort()).toEqual(["interview.created", "interview.published", "interview.updated"]);
    for (const r of got) {
      expect(r.body).not.toContain(secretNote);
      expect(r.body).not.toContain("board_notes");
    }
    // What a read:interviews key gets (staff: with the private answer), minus the private field.
    const asKey = (await api.get(path, (await d.addKey(["read:interviews"])).key)).body;
    expect(asKey.responses.board_notes).toEqual({ en: secretNote });
    const { board_notes: _private, ...open } = asKey.responses;
    const published = got.find((r) => r.payload.type === "interview.published")!.payload.data;
    expect(published).toEqual({ ...asKey, responses: open });
    expect(published.responses).toEqual((await api.get(`${path}?view=candidate`, d.admin.token)).body.responses);
  });

  it("another district's events never arrive, and ours never reach them", async () => {
    const mine = await subscribe("/mine", EVENT_TYPES);
    const theirs = await subscribe("/theirs", EVENT_TYPES, other);
    const theirPerson = await newPerson(other, "Theirs");
    await api.post(`/api/interviews/${theirPerson.id}`, other.admin.token, { date: "2026-10-03" });
    const ourPerson = await newPerson(d, "Ours");
    await expect.poll(() => receiver.received("/mine").map((r) => r.payload.data?.id), WAIT).toContain(ourPerson.id);
    await expect.poll(() => receiver.received("/theirs").length, WAIT).toBeGreaterThanOrEqual(2);
    for (const r of receiver.received("/mine")) {
      expect(r.body).not.toContain(other.id);
      expect(r.body).not.toContain(theirPerson.id);
    }
    for (const r of receiver.received("/theirs")) {
      expect(r.body).not.toContain(d.id);
      expect(r.body).not.toContain(ourPerson.id);
      expect(r.verifiedWith).toEqual([theirs.secret]);
    }
    await api.delete(`/api/webhooks/${mine.id}`, d.admin.token);
    await api.delete(`/api/webhooks/${theirs.id}`, other.admin.token);
  });

  it("a change that rolled back sends nothing: its event, deliveries and jobs went with it", async () => {
    const hook = await subscribe("/rollback", ["person.updated"]);
    const person = await newPerson();
    const marker = `Rollback${randomBytes(4).toString("hex")}`;
    // A check at COMMIT, after the event was written in the same transaction: the commit fails.
    const fn = `cas_test_refuse_${marker.toLowerCase()}`;
    await db().$executeRawUnsafe(
      `create function ${fn}() returns trigger language plpgsql as $$ begin if new.first = '${marker}' then raise exception 'refused at commit'; end if; return null; end $$`,
    );
    await db().$executeRawUnsafe(`create constraint trigger ${fn} after update on people deferrable initially deferred for each row execute function ${fn}()`);
    try {
      const res = await api.patch(`/api/people/${person.id}`, d.admin.token, { first: marker });
      expect(res.status).toBe(500);
    } finally {
      await db().$executeRawUnsafe(`drop trigger ${fn} on people`);
      await db().$executeRawUnsafe(`drop function ${fn}()`);
    }
    expect((await api.get(`/api/people/${person.id}`, d.admin.token)).body.first).toBe("Wanda");
    expect(await db().webhookEvent.count({ where: { districtId: d.id, body: { contains: marker } } })).toBe(0);
    expect(await deliveries(hook.id)).toEqual([]);
    // The next change that commits is sent, and it alone.
    await api.patch(`/api/people/${person.id}`, d.admin.token, { first: "Committed" });
    await arrived("/rollback", 1);
    expect(receiver.received("/rollback").map((r) => r.payload.data.first)).toEqual(["Committed"]);
    expect(await deliveries(hook.id)).toHaveLength(1);
  });

  it("recordings: finalized, transcribed and summarized, each once, as the interview's audio map shows them", async () => {
    const openai = await startOpenAiServer();
    process.env.OPENAI_BASE_URL = openai.url;
    process.env.OPENAI_API_KEY = openai.apiKey;
    resetEnvCache();
    openai.answerTranscriptions(() => ({ text: "Good morning", language: "english", duration: 3, segments: [{ start: 0.2, end: 1.4, text: "Good morning" }] }));
    try {
      await subscribe("/recordings", ["recording.finalized", "recording.transcribed", "recording.summarized"]);
      const candidate = await d.addPerson("candidate");
      const interviewId = (await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-10-04" })).body.id;
      const recordingId = newRecordingId("hook");
      await captureAll(d.admin.token, recordingId, cut(await liveWebm(3), 2));
      expect((await api.post("/api/audio/finalize", d.admin.token, { recordingId, personId: candidate.id, interviewId, name: { en: "Board" } })).status).toBe(
        200,
      );
      await pipelineSettled(d.admin.token, recordingId);
      await arrived("/recordings", 3);
      const got = receiver.received("/recordings");
      expect(got.map((r) => r.payload.type).sort()).toEqual(["recording.finalized", "recording.summarized", "recording.transcribed"]);
      for (const r of got)
        expect(r.payload.data).toMatchObject({
          id: recordingId,
          interview_id: interviewId,
          person_id: candidate.id,
          url: expect.stringContaining(`/audio/${candidate.id}/${recordingId}.webm`),
        });
      expect(got.find((r) => r.payload.type === "recording.transcribed")!.payload.data.transcript).toMatchObject({ en: "Good morning" });
      expect(got.find((r) => r.payload.type === "recording.summarized")!.payload.data.summary).toEqual(
        expect.objectContaining({ en: expect.stringMatching(/^Summary \(en\)/) }),
      );
    } finally {
      delete process.env.OPENAI_BASE_URL;
      delete process.env.OPENAI_API_KEY;
      resetEnvCache();
      await openai.close();
    }
  });
});

describe("SSRF at delivery", () => {
  it("a redirect is not followed: the delivery fails, the target is never asked", async () => {
    const hook = await subscribe("/redirect", ["key.revoked"]);
    receiver.answer("/redirect", { status: 302, headers: { location: "/stolen" } });
    await api.post(`/api/webhooks/${hook.id}/test`, d.admin.token);
    await expect
      .poll(async () => (await deliveries(hook.id))[0], WAIT)
      .toMatchObject({ status: "failed", response_status: 302, error: expect.stringMatching(/redirect/) });
    expect(receiver.hits("/redirect")).toBe(1);
    expect(receiver.hits("/stolen")).toBe(0);
  });

  it("a name that resolves to loopback (as if its DNS changed after creation) is refused on the address connected to", async () => {
    const hook = await subscribe("/rebound", ["key.revoked"]);
    // localhost is not on WEBHOOK_URL_HOSTS (127.0.0.1 is): creation would refuse it, so it is written here directly.
    const port = new URL(receiver.base).port;
    await db().webhookEndpoint.updateMany({ where: { id: hook.id, districtId: d.id }, data: { url: `https://localhost:${port}/rebound` } });
    await api.post(`/api/webhooks/${hook.id}/test`, d.admin.token);
    await expect
      .poll(async () => (await deliveries(hook.id))[0], WAIT)
      .toMatchObject({ status: "failed", response_status: null, error: expect.stringMatching(/resolves to .*(127\.0\.0\.1|::1)/) });
    expect(receiver.hits("/rebound")).toBe(0);
  });
});
