import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENTS } from "@/lib/messages/realtime-events.shared";
import { createChatSync, tracker } from "./chat-sync";
import type { Conversation, Message } from "./chat-types";
import { messageKeys } from "./message-keys";

/** The cache as realtime events leave it, on a real QueryClient. */

const ME = "cleo";
const CONVERSATION = "c1";

const asWritten: Message = {
  id: "m2",
  sender_id: "ada",
  body: "Bring your certificate, please.",
  reactions: {},
  created_at: 2_000,
  kind: "message",
  seq: 2,
  language: "en",
  translation: "unavailable",
};
const translated: Message = {
  ...asWritten,
  body: "Traer vuestro certificado, por favor.",
  language: "es",
  original: { language: "en", body: asWritten.body },
  translation: undefined,
};

function pageWith(messages: Message[]): Conversation {
  return {
    id: CONVERSATION,
    district_id: "d",
    kind: "direct",
    participants: [ME, "ada"],
    people: [],
    messages,
    has_more: 0,
    read: {},
    seq: 2,
    left: 0,
    created_at: 1_000,
  };
}

let client: QueryClient;
const messagesNow = () => client.getQueryData<Conversation>(messageKeys.conversation(CONVERSATION))!.messages;
const created = (message: Message) => ({ conversation_id: CONVERSATION, seq: message.seq, message });

beforeEach(() => {
  vi.useFakeTimers();
  tracker.reset();
  client = new QueryClient();
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

describe("createChatSync: a message event for a message on screen already", () => {
  it("replaces a copy that had no translation with the translated one (the job's later event)", () => {
    client.setQueryData(messageKeys.conversation(CONVERSATION), pageWith([asWritten]));
    tracker.fetched(CONVERSATION, 2);
    createChatSync(client, ME).handle(EVENTS.messageCreated, created(translated));
    expect(messagesNow()).toEqual([translated]);
  });

  it("keeps a translated copy when the same message comes again, translated or not", () => {
    client.setQueryData(messageKeys.conversation(CONVERSATION), pageWith([translated]));
    tracker.fetched(CONVERSATION, 2);
    const sync = createChatSync(client, ME);
    sync.handle(EVENTS.messageCreated, created(asWritten));
    sync.handle(EVENTS.messageCreated, created({ ...translated, body: "Otra traducción" }));
    expect(messagesNow()).toEqual([translated]);
  });
});
