import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interviewChannel } from "@/lib/audio/recording-events.shared";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { personChannel } from "@/lib/messages/realtime-events.shared";
import { SCORECARD_EVENTS } from "@/lib/scorecards/scorecard-events.shared";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startTestRealtime, type TestRealtime } from "../helpers/realtime";
import { connectAs, eventually, type Connected } from "../helpers/realtime-access";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { SCORECARD_FORM } from "../helpers/scorecards";

/**
 * The blind rule beyond the API: realtime (real pusher-js clients signed in through POST
 * /api/realtime/auth, against the embedded server) tells the readers of submitted scorecards
 * that a member submitted, and nothing more, and tells no one else; webhooks carry a scorecard
 * only to endpoints whose owner may read every scorecard (an admin), and interview events never
 * carry the tally.
 */

process.env.WEBHOOK_URL_HOSTS = "127.0.0.1";
process.env.WEBHOOK_TIMEOUT_MS = "3000";
resetEnvCache();

type Person = { id: string; token: string };
let d: TestDistrict;
let realtime: TestRealtime;
let receiver: WebhookReceiver;
let members: Person[];
let formId: string;
let boardId: string;
const WAIT = { timeout: 60_000, interval: 100 };

beforeAll(async () => {
  realtime = await startTestRealtime({ requireSignin: true });
  receiver = await startWebhookReceiver();
  d = await makeDistrict("Scorecard events");
  members = await Promise.all([d.addPerson("board"), d.addPerson("board"), d.addPerson("board")]);
  formId = (await api.post("/api/forms", d.admin.token, { name: "Scored", fields: SCORECARD_FORM })).body.id;
  boardId = (await api.post("/api/boards", d.admin.token, { name: "Panel", members: members.map((m) => m.id) })).body.id;
});

afterAll(async () => {
  await realtime.close();
  await receiver.close();
  for (const name of ["WEBHOOK_URL_HOSTS", "WEBHOOK_TIMEOUT_MS"]) delete process.env[name];
  resetEnvCache();
});

async function publishedInterview() {
  const candidate = await d.addPerson("candidate");
  const i = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-09-10", form_id: formId, board_id: boardId });
  const path = `/api/interviews/${candidate.id}/${i.body.id}`;
  expect((await api.patch(path, d.admin.token, { published: 1 })).status).toBe(200);
  return { candidate, path, id: i.body.id as string };
}

const NOTE = "Secret-note-7f3a";
const fill = (path: string, m: Person, recommendation: number) =>
  api.put(`${path}/scorecards/me`, m.token, {
    body: { recommendation, note: `${NOTE} of ${m.id}`, responses: { fit: 2, concerns: { en: `${NOTE} concerns` } } },
  });
const submit = (path: string, m: Person) => api.post(`${path}/scorecards/me/submit`, m.token);

describe("realtime", () => {
  it("a submit tells admins and members who submitted that it happened, without content; members who have not submitted, the candidate and drafts tell nothing", async () => {
    const { candidate, path, id } = await publishedInterview();
    const [a, b, c] = members;
    await fill(path, b, 3);
    await submit(path, b);
    await fill(path, c, 2); // c: a draft only
    const listen = (p: Person, channels: string[]) => connectAs(realtime, p, channels);
    const admin = await listen({ id: d.admin.id, token: d.admin.token }, [personChannel(d.admin.id)]);
    const submitted = await listen(b, [personChannel(b.id)]);
    const drafting = await listen(c, [personChannel(c.id)]);
    const theCandidate = await listen(candidate, [personChannel(candidate.id), interviewChannel(id)]);
    const submitter = await listen(a, [personChannel(a.id)]);

    await fill(path, a, 4); // a draft: nobody hears of it
    expect((await submit(path, a)).status).toBe(200);
    const expected = { event: SCORECARD_EVENTS.submitted, data: { interview_id: id, person_id: candidate.id, member_id: a.id } };
    await eventually(() => admin.received.length > 0 && submitted.received.length > 0, "the submit at the admin and the submitted member");
    for (const who of [admin, submitted] as Connected[]) {
      expect(who.received.map(({ event, data }) => ({ event, data }))).toEqual([expected]);
      expect(JSON.stringify(who.received)).not.toContain(NOTE);
    }
    // One trigger carries a submit to every channel told of it: had these been told, it would have come with it.
    expect(drafting.received).toEqual([]);
    expect(theCandidate.received).toEqual([]);
    expect(submitter.received).toEqual([]);

    // Reopening: the member, and those who read submitted ones, hear it; still no content.
    const card = ((await api.get(`${path}/scorecards`, d.admin.token)).body as { id: string; member_id: string }[]).find((x) => x.member_id === a.id)!;
    const reopenAt = await listen(a, [personChannel(a.id)]);
    expect((await api.post(`${path}/scorecards/${card.id}/reopen`, d.admin.token)).status).toBe(200);
    await eventually(() => reopenAt.received.length > 0 && submitted.received.length > 1, "the reopening");
    expect(reopenAt.received.map((r) => r.event)).toEqual([SCORECARD_EVENTS.reopened]);
    expect(submitted.received[1]).toMatchObject({ event: SCORECARD_EVENTS.reopened, data: { interview_id: id, member_id: a.id } });
    expect(drafting.received).toEqual([]);
    expect(theCandidate.received).toEqual([]);
  });
});

describe("webhooks", () => {
  async function subscribe(token: string, at: string, types: string[]) {
    const res = await api.post("/api/webhooks", token, { url: receiver.url(at), event_types: types });
    if (res.status === 201) receiver.trust(at, res.body.secret);
    return res;
  }

  it("scorecard.submitted: only someone who may read every scorecard (an admin) sets it up; an owner who lost that right gets nothing", async () => {
    const editor = await d.addPersonWith(["settings", "interviews:edit"]);
    const refused = await subscribe(editor.token, "/editor", ["scorecard.submitted"]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/scorecard\.submitted: only someone who may read every scorecard/);
    expect((await subscribe(editor.token, "/editor", ["interview.updated"])).status).toBe(201);

    const hook = await subscribe(d.admin.token, "/scorecards", ["scorecard.submitted", "interview.updated"]);
    expect(hook.status).toBe(201);
    const second = await d.addPerson("admin");
    const demoted = await subscribe(second.token, "/demoted", ["scorecard.submitted"]);
    expect(demoted.status).toBe(201);
    expect((await api.patch(`/api/people/${second.id}`, d.admin.token, { roles: { [d.roles.board]: 1 } })).status).toBe(200);

    const { path, id, candidate } = await publishedInterview();
    const [a] = members;
    await fill(path, a, 4);
    expect((await submit(path, a)).status).toBe(200);
    await expect.poll(() => receiver.received("/scorecards").filter((r) => r.payload.type === "scorecard.submitted").length, WAIT).toBe(1);
    const got = receiver.received("/scorecards").find((r) => r.payload.type === "scorecard.submitted")!;
    expect(got.verifiedWith).toEqual([hook.body.secret]);
    const [asAdmin] = (await api.get(`${path}/scorecards`, d.admin.token)).body;
    expect(got.payload.data).toEqual({ ...asAdmin, interview_id: id, person_id: candidate.id });

    // The demoted owner's endpoint: nothing sent, its delivery cancelled with why.
    await expect
      .poll(
        async () =>
          (await db().webhookDelivery.findMany({ where: { districtId: d.id, endpointId: demoted.body.id }, select: { status: true } })).map((x) => x.status),
        WAIT,
      )
      .toEqual(["cancelled"]);
    expect(receiver.hits("/demoted")).toBe(0);

    // The board's decision is an interview.updated event: its data never carries the tally or a scorecard.
    expect((await api.patch(path, d.admin.token, { recommendation: 4 })).status).toBe(200);
    await expect.poll(() => receiver.received("/editor").filter((r) => r.payload.data.recommendation === 4).length, WAIT).toBe(1);
    for (const at of ["/editor", "/scorecards"]) {
      for (const r of receiver.received(at).filter((x) => x.payload.type === "interview.updated")) {
        expect(r.payload.data.recommendation_tally).toBeNull();
        expect(r.body).not.toContain(NOTE);
      }
    }
  });
});
