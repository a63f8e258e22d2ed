import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { interviewChannel, RECORDING_STEP_EVENT } from "@/lib/audio/recording-events.shared";
import { authenticateUser, authorizeChannel, publish } from "@/lib/realtime/publish";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { startTestRealtime, subscribe, type TestRealtime } from "../helpers/realtime";
import { assertAccessEnded, connectAs, type Connected, type Person, type Received } from "../helpers/realtime-access";

/**
 * Losing sight of an interview ends the subscription to its recordings' channel
 * (`private-interview-<id>`, where recording-step events travel): a mentor taken off the
 * candidate, a role that no longer shows interviews (on the person, or in the role's definition),
 * an interview unpublished, an interview deleted. Real pusher-js clients, subscribed through POST
 * /api/realtime/auth, against the embedded server with sign-in required. The witness is a socket
 * the app itself signs, which no change affects.
 */
let realtime: TestRealtime;
let d: TestDistrict;

beforeAll(async () => {
  realtime = await startTestRealtime({ requireSignin: true });
  d = await makeDistrict("Interview access");
});

afterAll(() => realtime.close());

/** A candidate with one interview, published or not. */
async function candidateWithInterview(published: boolean) {
  const candidate = await d.addPerson("candidate");
  const created = await api.post(`/api/interviews/${candidate.id}`, d.admin.token, { date: "2026-05-02" });
  expect(created.status).toBe(201);
  if (published) expect((await api.patch(`/api/interviews/${candidate.id}/${created.body.id}`, d.admin.token, { published: 1 })).status).toBe(200);
  return { candidate, interviewId: created.body.id as string };
}

/** A socket the app signs with its own secret, for no person: it sees what is published on the channel. */
async function witnessOn(channel: string): Promise<Connected> {
  const client = await realtime.connectClient(
    (socketId, channelName) => authorizeChannel(socketId, channelName, "witness"),
    (socketId) => authenticateUser(socketId, "witness") as { auth: string; user_data: string },
  );
  const received: Received[] = [];
  (await subscribe(client, channel)).bind_global((event: string, data: unknown) => !event.startsWith("pusher") && received.push({ event, channel, data }));
  return { person: { id: "witness", token: "" }, client, received, closes: [], errors: [] };
}

/** A recording step published on the interview's channel after the change, as the pipeline publishes it. */
function laterStep(interviewId: string, marker: string) {
  return async () => {
    expect(await publish(interviewChannel(interviewId), RECORDING_STEP_EVENT, { recording_id: marker, state: "running" })).toBe(true);
    return (r: Received) => r.event === RECORDING_STEP_EVENT && r.data?.recording_id === marker;
  };
}

async function watching(person: Person, interviewId: string) {
  const channel = interviewChannel(interviewId);
  return { channel, watcher: await connectAs(realtime, person, [channel]), witness: await witnessOn(channel) };
}

describe("losing sight of an interview ends its channel on open sockets", () => {
  it("a mentor taken off the candidate", async () => {
    const { candidate, interviewId } = await candidateWithInterview(true);
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, candidate.id);
    const { channel, watcher, witness } = await watching(mentor, interviewId);

    expect((await api.patch(`/api/people/${candidate.id}`, d.admin.token, { mentors: [] })).status).toBe(200);
    await assertAccessEnded(watcher, witness, channel, laterStep(interviewId, "after the mentor left"));
  });

  it("a board member whose roles no longer show interviews", async () => {
    const { interviewId } = await candidateWithInterview(false);
    const board = await d.addPerson("board");
    const { channel, watcher, witness } = await watching(board, interviewId);

    expect((await api.patch(`/api/people/${board.id}`, d.admin.token, { roles: { [d.roles.other]: 1 } })).status).toBe(200);
    await assertAccessEnded(watcher, witness, channel, laterStep(interviewId, "after the role changed"));
  });

  it("a role whose definition no longer lets its holders edit interviews", async () => {
    const { interviewId } = await candidateWithInterview(false);
    const editor = await d.addPersonWith(["interviews:edit"]);
    const { channel, watcher, witness } = await watching(editor, interviewId);

    expect((await api.patch(`/api/roles/${editor.roleId}`, d.admin.token, { permissions: [] })).status).toBe(200);
    await assertAccessEnded(watcher, witness, channel, laterStep(interviewId, "after the role lost interviews:edit"));
  });

  it("the candidate, once their interview is unpublished", async () => {
    const { candidate, interviewId } = await candidateWithInterview(true);
    const { channel, watcher, witness } = await watching(candidate, interviewId);

    expect((await api.patch(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token, { published: 0 })).status).toBe(200);
    await assertAccessEnded(watcher, witness, channel, laterStep(interviewId, "after unpublishing"));
  });

  it("a mentor, once the interview is deleted", async () => {
    const { candidate, interviewId } = await candidateWithInterview(true);
    const mentor = await d.addPerson("mentor");
    await d.assignMentor(mentor.id, candidate.id);
    const { channel, watcher, witness } = await watching(mentor, interviewId);

    expect((await api.delete(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token)).status).toBe(200);
    await assertAccessEnded(watcher, witness, channel, laterStep(interviewId, "after the deletion"));
  });

  it("a board member, once the candidate (and so the interview) is deleted", async () => {
    const { candidate, interviewId } = await candidateWithInterview(false);
    const board = await d.addPerson("board");
    const { channel, watcher, witness } = await watching(board, interviewId);

    expect((await api.delete(`/api/people/${candidate.id}`, d.admin.token)).status).toBe(200);
    await assertAccessEnded(watcher, witness, channel, laterStep(interviewId, "after the candidate was deleted"));
  });

  it("someone who keeps sight of it keeps the channel: a board member when the interview is unpublished", async () => {
    const { candidate, interviewId } = await candidateWithInterview(true);
    const board = await d.addPerson("board");
    const { watcher, witness } = await watching(board, interviewId);

    expect((await api.patch(`/api/interviews/${candidate.id}/${interviewId}`, d.admin.token, { published: 0 })).status).toBe(200);
    const isIt = await laterStep(interviewId, "the board still sees it")();
    await expect.poll(() => witness.received.some(isIt)).toBe(true);
    await expect.poll(() => watcher.received.some(isIt)).toBe(true);
    expect(watcher.closes).toEqual([]);
  });
});
