import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isId } from "@/lib/ids/ids.shared";
import { fakeFetch, type FakeAnswer } from "@/tests/helpers/browser-edges";
import type { Conversation, ConversationListItem, Message } from "./chat-types";
import { messageKeys } from "./message-keys";
import { pendingOf } from "./pending-messages";
import { sendOptimistically } from "./send-message";

/**
 * Optimistic sending in the chat: the message shows at once (sending), the stored one takes its
 * place when the server answers, and a message that could not be sent stays (failed) until Retry
 * sends it again. The network is faked at fetch; the query cache is TanStack Query's own.
 */

let conversationId: string;
let queryClient: QueryClient;

const stored = (body: string, seq: number): Message =>
  ({ id: `m-${seq}`, sender_id: "me", body, reactions: {}, created_at: 1000 + seq, kind: "message", seq, language: "en" }) as Message;

beforeEach(() => {
  conversationId = `c-${Math.random().toString(36).slice(2)}`;
  queryClient = new QueryClient();
  queryClient.setQueryData<Conversation>(messageKeys.conversation(conversationId), {
    id: conversationId,
    messages: [stored("Hello", 1)],
    read: {},
  } as unknown as Conversation);
  queryClient.setQueryData<ConversationListItem[]>(messageKeys.list(), [
    { id: "other", last_activity_at: 5000, unread: 0, last_message: null } as unknown as ConversationListItem,
    { id: conversationId, last_activity_at: 1001, unread: 2, last_message: null } as unknown as ConversationListItem,
  ]);
});
afterEach(() => vi.unstubAllGlobals());

function serverAnswering(answer: () => FakeAnswer) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requests = fakeFetch(async () => {
    await gate;
    return answer();
  });
  return { requests, release };
}

/** The failed message the page shows, as its Retry button sends it again. */
const failedOne = () => {
  const [failed] = pendingOf(conversationId);
  expect(failed).toMatchObject({ status: "failed" });
  return failed;
};

describe("sendOptimistically", () => {
  it("shows the message at once while it is sent, then puts the stored one in the conversation and on top of the list", async () => {
    const net = serverAnswering(() => ({ status: 201, body: stored("How are you?", 9000) }));
    const sending = sendOptimistically(queryClient, conversationId, "How are you?");
    const [pending] = pendingOf(conversationId);
    expect(pendingOf(conversationId)).toEqual([
      { tempId: expect.any(String), idempotencyKey: expect.any(String), body: "How are you?", createdAt: expect.any(Number), status: "sending" },
    ]);
    expect(isId(pending.idempotencyKey)).toBe(true);
    net.release();
    await sending;
    expect(pendingOf(conversationId)).toEqual([]);
    const conversation = queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!;
    expect(conversation.messages.map((m) => m.body)).toEqual(["Hello", "How are you?"]);
    expect(conversation.read).toEqual({ me: 9000 });
    const list = queryClient.getQueryData<ConversationListItem[]>(messageKeys.list())!;
    expect(list[0]).toMatchObject({ id: conversationId, unread: 0, last_message: { id: "m-9000", body: "How are you?" } });
    expect(net.requests).toEqual([expect.objectContaining({ method: "POST", path: `/api/messages/${conversationId}`, body: { body: "How are you?" } })]);
    expect(net.requests[0].headers.get("idempotency-key")).toBe(pending.idempotencyKey);
  });

  it("each new message has a key of its own", async () => {
    const requests = fakeFetch(() => ({ status: 201, body: stored("Hi", 9002) }));
    await sendOptimistically(queryClient, conversationId, "Hi");
    await sendOptimistically(queryClient, conversationId, "Hi");
    const keys = requests.map((r) => r.headers.get("idempotency-key"));
    expect(keys).toEqual([expect.any(String), expect.any(String)]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it("keeps a message that could not be sent, marked failed; Retry sends it again under the same key and it takes its place", async () => {
    let reachable = false;
    const requests = fakeFetch(() => (reachable ? { status: 201, body: stored("Are you there?", 9001) } : "no answer"));
    await sendOptimistically(queryClient, conversationId, "Are you there?");
    const failed = failedOne();
    expect(failed.body).toBe("Are you there?");
    expect(queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages).toHaveLength(1);

    reachable = true;
    await sendOptimistically(queryClient, conversationId, failed.body, failed);
    expect(pendingOf(conversationId)).toEqual([]);
    expect(queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages.map((m) => m.body)).toEqual(["Hello", "Are you there?"]);
    expect(requests.map((r) => r.headers.get("idempotency-key"))).toEqual([failed.idempotencyKey, failed.idempotencyKey]);
  });

  it("an answer lost after the server stored the message, then Retry: one message, not two", async () => {
    // The server as lib/http/idempotency.ts makes it: a key it has seen replays its first answer;
    // a request without a key, or with a new one, stores another message.
    const storedByKey = new Map<string, Message>();
    let seq = 9100;
    let loseNextAnswer = true;
    const requests = fakeFetch((request) => {
      const key = request.headers.get("idempotency-key");
      let message = key ? storedByKey.get(key) : undefined;
      if (!message) {
        message = stored((request.body as { body: string }).body, ++seq);
        if (key) storedByKey.set(key, message);
      }
      if (loseNextAnswer) {
        loseNextAnswer = false;
        return "no answer";
      }
      return { status: 201, body: message };
    });
    await sendOptimistically(queryClient, conversationId, "Did you get this?");
    const failed = failedOne();
    await sendOptimistically(queryClient, conversationId, failed.body, failed);

    expect(requests).toHaveLength(2);
    expect(requests[1].headers.get("idempotency-key")).toBe(requests[0].headers.get("idempotency-key"));
    expect(seq - 9100).toBe(1);
    expect(pendingOf(conversationId)).toEqual([]);
    const bodies = queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages.map((m) => m.body);
    expect(bodies).toEqual(["Hello", "Did you get this?"]);
  });

  it("a refusal (a 403 after leaving) is a failed message too, and the conversation is left as it was", async () => {
    fakeFetch(() => ({ status: 403, body: { error: { code: "forbidden", message: "You left this conversation." } } }));
    await sendOptimistically(queryClient, conversationId, "Hi");
    expect(failedOne()).toMatchObject({ body: "Hi" });
    expect(queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages).toHaveLength(1);
  });
});
