import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENTS } from "@/lib/messages/realtime-events.shared";

/** The badge's count: what it asks the server, when, and what the person channel's events do to it. */

const realtime = vi.hoisted(() => ({
  events: new Set<(name: string, data: unknown) => void>(),
  resyncs: new Set<() => void>(),
  started: 0,
}));
const server = vi.hoisted(() => ({ total: 0, asked: 0 }));

vi.mock("./realtime-client", () => ({
  onRealtimeEvent: (listener: (name: string, data: unknown) => void) => {
    realtime.events.add(listener);
    return () => realtime.events.delete(listener);
  },
  onResync: (listener: () => void) => {
    realtime.resyncs.add(listener);
    return () => realtime.resyncs.delete(listener);
  },
  keepRealtimeStarted: () => {
    realtime.started++;
    return () => {};
  },
}));
vi.mock("@/components/api/api-fetch", () => ({
  apiFetch: async (path: string) => {
    expect(path).toBe("/api/messages/unread");
    server.asked++;
    return { total: server.total, conversations: {} };
  },
}));

const { subscribeUnreadTotal, unreadTotal } = await import("./unread-total");
const { setActiveConversation } = await import("./active-conversation");

const ME = "cleo";
const emit = (name: string, data: unknown) => realtime.events.forEach((listener) => listener(name, data));
const message = (conversation: string, sender: string) => ({ conversation_id: conversation, seq: 3, message: { id: `m-${Math.random()}`, sender_id: sender } });
/** Lets the fetch's promise settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

let unsubscribe: () => void;
let changes: number;

beforeEach(async () => {
  vi.useFakeTimers();
  Object.assign(server, { total: 2, asked: 0 });
  realtime.started = 0;
  changes = 0;
  unsubscribe = subscribeUnreadTotal(ME, () => changes++);
  await settle();
});
afterEach(() => {
  unsubscribe();
  setActiveConversation(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the unread total", () => {
  it("is asked for once at the start, which starts the realtime connection", () => {
    expect(server.asked).toBe(1);
    expect(realtime.started).toBe(1);
    expect(unreadTotal()).toBe(2);
    expect(changes).toBe(1);
  });

  it("asks again once after a burst of messages from others, a moment after the last", async () => {
    server.total = 5;
    for (let i = 0; i < 3; i++) emit(EVENTS.messageCreated, message("c1", "ada"));
    await vi.advanceTimersByTimeAsync(299);
    expect(server.asked).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.asked).toBe(2);
    expect(unreadTotal()).toBe(5);
  });

  it("does not ask for the person's own messages, nor for a conversation on screen, nor for typing or reactions", async () => {
    emit(EVENTS.messageCreated, message("c1", ME));
    vi.stubGlobal("document", { visibilityState: "visible" });
    setActiveConversation("c1");
    emit(EVENTS.messageCreated, message("c1", "ada"));
    emit(EVENTS.reaction, { conversation_id: "c2", seq: 4, message_id: "m", reactions: {} });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.asked).toBe(1);
    // The same conversation in a hidden tab counts.
    vi.stubGlobal("document", { visibilityState: "hidden" });
    emit(EVENTS.messageCreated, message("c1", "ada"));
    await vi.advanceTimersByTimeAsync(300);
    expect(server.asked).toBe(2);
  });

  it("takes the total an `unread` event carries, without asking, and drops a pending ask (the event counts what came before it)", async () => {
    emit(EVENTS.messageCreated, message("c1", "ada"));
    emit(EVENTS.unread, { conversation_id: "c1", seq: 4, unread: 0, total: 0 });
    expect(unreadTotal()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.asked).toBe(1);
    expect(unreadTotal()).toBe(0);
  });

  it("asks again on every reconnect, and a message in a conversation not known yet or too large to carry counts too", async () => {
    server.total = 7;
    realtime.resyncs.forEach((resync) => resync());
    await settle();
    expect(server.asked).toBe(2);
    expect(unreadTotal()).toBe(7);
    emit(EVENTS.conversationCreated, { conversation_id: "c9", seq: 1, reduced: true });
    await vi.advanceTimersByTimeAsync(300);
    expect(server.asked).toBe(3);
  });

  it("stops listening when the last badge goes", async () => {
    unsubscribe();
    unsubscribe = () => {};
    emit(EVENTS.messageCreated, message("c1", "ada"));
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.asked).toBe(1);
    expect(realtime.events.size).toBe(0);
  });
});
