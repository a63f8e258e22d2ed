import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
  queryClient.setQueryData<Conversation>(messageKeys.conversation(conversationId), { id: conversationId, messages: [stored("Hello", 1)], read: {} } as unknown as Conversation);
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

describe("sendOptimistically", () => {
  it("shows the message at once while it is sent, then puts the stored one in the conversation and on top of the list", async () => {
    const net = serverAnswering(() => ({ status: 201, body: stored("How are you?", 9000) }));
    const sending = sendOptimistically(queryClient, conversationId, "How are you?", "t1");
    expect(pendingOf(conversationId)).toEqual([expect.objectContaining({ tempId: "t1", body: "How are you?", status: "sending" })]);
    net.release();
    await sending;
    expect(pendingOf(conversationId)).toEqual([]);
    const conversation = queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!;
    expect(conversation.messages.map((m) => m.body)).toEqual(["Hello", "How are you?"]);
    expect(conversation.read).toEqual({ me: 9000 });
    const list = queryClient.getQueryData<ConversationListItem[]>(messageKeys.list())!;
    expect(list[0]).toMatchObject({ id: conversationId, unread: 0, last_message: { id: "m-9000", body: "How are you?" } });
    expect(net.requests).toEqual([expect.objectContaining({ method: "POST", path: `/api/messages/${conversationId}`, body: { body: "How are you?" } })]);
  });

  it("keeps a message that could not be sent, marked failed; Retry sends it again and it takes its place", async () => {
    let reachable = false;
    const requests = fakeFetch(() => (reachable ? { status: 201, body: stored("Are you there?", 9001) } : "no answer"));
    await sendOptimistically(queryClient, conversationId, "Are you there?", "t2");
    expect(pendingOf(conversationId)).toEqual([expect.objectContaining({ tempId: "t2", status: "failed", body: "Are you there?" })]);
    expect(queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages).toHaveLength(1);

    reachable = true;
    await sendOptimistically(queryClient, conversationId, "Are you there?", "t2");
    expect(pendingOf(conversationId)).toEqual([]);
    expect(queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages.map((m) => m.body)).toEqual(["Hello", "Are you there?"]);
    expect(requests).toHaveLength(2);
  });

  it("a refusal (a 403 after leaving) is a failed message too, and the conversation is left as it was", async () => {
    fakeFetch(() => ({ status: 403, body: { error: { code: "forbidden", message: "You left this conversation." } } }));
    await sendOptimistically(queryClient, conversationId, "Hi", "t3");
    expect(pendingOf(conversationId)).toEqual([expect.objectContaining({ tempId: "t3", status: "failed" })]);
    expect(queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))!.messages).toHaveLength(1);
  });
});
