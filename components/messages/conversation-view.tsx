"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { apiFetch, isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { useMe } from "@/components/me/use-me";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { Conversation, Message } from "./chat-types";
import { setActiveConversation } from "./active-conversation";
import { markReadSoon } from "./chat-sync";
import { Composer } from "./composer";
import { messageKeys } from "./message-keys";
import { MessageRow, PendingRow } from "./message-row";
import { usePending, type PendingMessage } from "./pending-messages";
import { useChatFormat } from "./use-chat-format";
import { useConversation } from "./use-messages";
import { useSendMessage } from "./use-send-message";
import { useTyping } from "./use-typing";

type Row =
  | { kind: "day"; key: string; label: string }
  | { kind: "message"; key: string; message: Message; first: boolean }
  | { kind: "pending"; key: string; pending: PendingMessage };

/** A run of messages by one person within five minutes shows its author once. */
const RUN_MS = 5 * 60_000;

function useRows(
  conversation: Conversation | undefined,
  pending: PendingMessage[],
  format: ReturnType<typeof useChatFormat>,
  dayLabel: (ms: number) => string,
) {
  return useMemo(() => {
    const rows: Row[] = [];
    let lastDay = "";
    let previous: Message | null = null;
    for (const message of conversation?.messages ?? []) {
      const day = format.dayKey(message.created_at);
      if (day !== lastDay) {
        rows.push({ kind: "day", key: `day-${day}`, label: dayLabel(message.created_at) });
        lastDay = day;
        previous = null;
      }
      const first = !previous || previous.kind !== "message" || previous.sender_id !== message.sender_id || message.created_at - previous.created_at > RUN_MS;
      rows.push({ kind: "message", key: message.id, message, first });
      previous = message;
    }
    for (const p of pending) rows.push({ kind: "pending", key: p.tempId, pending: p });
    return rows;
  }, [conversation?.messages, pending, format, dayLabel]);
}

/**
 * A conversation: its messages (virtualised: only what is on screen is rendered; older ones
 * load when scrolling up), typing indicators, the composer, and leaving a group.
 */
export function ConversationView({ id }: { id: string }) {
  const t = useTranslations("chat");
  const format = useChatFormat();
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const queryClient = useQueryClient();
  const meId = useMe().data?.person.id ?? "";
  // A link to one message (a search hit): /messages/<id>?message=<message id>.
  const target = useSearchParams()?.get("message") ?? null;
  const conversation = useConversation(id);
  const data = conversation.data;
  const pending = usePending(id);
  const { send, retry, discard } = useSendMessage(id);
  const canWrite = Boolean(data && !data.left);
  const typing = useTyping(id, meId, canWrite);
  const [leaving, setLeaving] = useState(false);

  // While shown (and the tab visible), this conversation's new messages are read at once.
  useEffect(() => {
    setActiveConversation(id);
    const onVisible = () => {
      if (document.visibilityState === "visible") markReadSoon(id);
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      setActiveConversation(null);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [id]);

  const dayLabel = useCallback((ms: number) => format.day(ms), [format]);
  const rows = useRows(data, pending, format, dayLabel);

  // Whoever posts is no longer typing.
  const lastMessage = data?.messages.at(-1);
  const { stopped } = typing;
  useEffect(() => {
    if (lastMessage) stopped(lastMessage.sender_id);
  }, [lastMessage, stopped]);

  const react = useCallback(
    (messageId: string, emoji: string) => {
      apiFetch<Message>(`/api/messages/${id}/react`, { method: "POST", body: { messageId, emoji } }).then(
        (message) =>
          queryClient.setQueryData<Conversation>(messageKeys.conversation(id), (c) =>
            c ? { ...c, messages: c.messages.map((m) => (m.id === message.id ? { ...m, reactions: message.reactions } : m)) } : c,
          ),
        (error) => toast.show(errorMessage(error), "error"),
      );
    },
    [id, queryClient, toast, errorMessage],
  );

  // "Seen by" under the reader's own last message: the others who have read that far.
  const seen = useMemo(() => {
    if (!data) return null;
    const mine = [...data.messages].reverse().find((m) => m.kind === "message" && m.sender_id === meId);
    if (!mine) return null;
    const readers = data.participants.filter((p) => p !== meId && (data.read[p] ?? 0) >= mine.seq);
    return { id: mine.id, names: readers.map((p) => format.firstName(p, data.people)) };
  }, [data, meId, format]);

  if (conversation.isPending) {
    return (
      <div className="chat-view">
        <div className="chat-view-head">
          <Skeleton lines={1} />
        </div>
        <div className="chat-scroll">
          <Skeleton lines={6} />
        </div>
      </div>
    );
  }
  if (conversation.isError || !data) {
    const gone = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <div className="chat-view">
        {gone ? (
          <EmptyState
            title={t("notFound")}
            action={
              <Link href="/messages" className="btn">
                {t("backToList")}
              </Link>
            }
          >
            {t("notFoundText")}
          </EmptyState>
        ) : (
          <ErrorState error={conversation.error} onRetry={() => void conversation.refetch()} />
        )}
      </div>
    );
  }

  const title = format.title(data, meId);
  const others = data.participants.filter((p) => p !== meId);
  const typingNames = typing.typingIds.filter((p) => data.participants.includes(p)).map((p) => format.firstName(p, data.people));

  return (
    <div className="chat-view">
      <header className="chat-view-head">
        <Link href="/messages" className="icon-btn chat-back" aria-label={t("backToList")}>
          <span aria-hidden="true">←</span>
        </Link>
        <div className="chat-view-title">
          <h1>{title}</h1>
          <p>{data.left ? t("youLeft") : data.kind === "group" ? t("participants", { count: data.participants.length }) : t("direct")}</p>
        </div>
        {data.kind === "group" && !data.left && data.participants.length >= 3 && (
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setLeaving(true)}>
            {t("leave")}
          </button>
        )}
      </header>

      <MessageList
        key={id}
        rows={rows}
        target={target}
        conversation={data}
        meId={meId}
        seen={seen}
        canReact={canWrite}
        onReact={react}
        hasMore={data.has_more === 1}
        loadingOlder={conversation.loadingOlder}
        loadOlder={conversation.loadOlder}
        onRetry={retry}
        onDiscard={discard}
      />

      <div className="chat-typing" aria-live="polite">
        {typingNames.length === 1 && t("typingOne", { name: typingNames[0] })}
        {typingNames.length === 2 && t("typingTwo", { first: typingNames[0], second: typingNames[1] })}
        {typingNames.length > 2 && t("typingMany")}
      </div>

      {data.left ? (
        <p className="chat-readonly">{t("readOnly")}</p>
      ) : others.length === 0 ? (
        <p className="chat-readonly">{t("nobodyElse")}</p>
      ) : (
        <Composer onSend={(body) => send(body)} onTyping={typing.notify} disabled={!canWrite} />
      )}

      <ConfirmDialog
        open={leaving}
        onClose={() => setLeaving(false)}
        title={t("leaveTitle")}
        message={t("leaveText")}
        confirmLabel={t("leaveConfirm")}
        danger
        onConfirm={async () => {
          await apiFetch(`/api/messages/${id}`, { method: "DELETE" });
          await queryClient.invalidateQueries({ queryKey: messageKeys.all });
          toast.show(t("leftToast"));
        }}
      />
    </div>
  );
}

/** At most this many older pages are loaded to reach the message a link points to. */
const MAX_PAGES_TO_TARGET = 20;

function MessageList({
  rows,
  target,
  conversation,
  meId,
  seen,
  canReact,
  onReact,
  hasMore,
  loadingOlder,
  loadOlder,
  onRetry,
  onDiscard,
}: {
  rows: Row[];
  target: string | null;
  conversation: Conversation;
  meId: string;
  seen: { id: string; names: string[] } | null;
  canReact: boolean;
  onReact: (messageId: string, emoji: string) => void;
  hasMore: boolean;
  loadingOlder: boolean;
  loadOlder: () => Promise<void>;
  onRetry: (pending: PendingMessage) => void;
  onDiscard: (tempId: string) => void;
}) {
  const t = useTranslations("chat");
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => (rows[i]?.kind === "day" ? 40 : 64),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 8,
  });

  // Older messages were put before the first row: keep what the reader looks at in place.
  const firstKey = rows[0]?.key;
  const previousFirst = useRef(firstKey);
  const previousTotal = useRef(0);
  useLayoutEffect(() => {
    const el = scroller.current;
    const total = virtualizer.getTotalSize();
    if (el && previousFirst.current && firstKey !== previousFirst.current && !atBottom.current) {
      el.scrollTop += total - previousTotal.current;
    }
    previousFirst.current = firstKey;
    previousTotal.current = total;
  });

  // New rows at the end: follow them when the reader was at the bottom (or sent one).
  const lastKey = rows.at(-1)?.key;
  const lastRow = rows.at(-1);
  const mineLast = lastRow?.kind === "pending" || (lastRow?.kind === "message" && lastRow.message.sender_id === meId);
  useEffect(() => {
    if (!rows.length) return;
    if (atBottom.current || mineLast) {
      virtualizer.scrollToIndex(rows.length - 1, { align: "end" });
      atBottom.current = true;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey]);

  // The linked message: older pages are loaded until it is there, then it is shown in the middle, marked.
  const [reached, setReached] = useState<string | null>(null);
  const pagesTowardTarget = useRef(0);
  useEffect(() => {
    if (!target || reached === target) return;
    const index = rows.findIndex((r) => r.kind === "message" && r.message.id === target);
    if (index >= 0) {
      atBottom.current = false;
      virtualizer.scrollToIndex(index, { align: "center" });
      setReached(target);
    } else if (hasMore && !loadingOlder && pagesTowardTarget.current < MAX_PAGES_TO_TARGET) {
      pagesTowardTarget.current += 1;
      void loadOlder();
    }
  }, [target, reached, rows, hasMore, loadingOlder, loadOlder, virtualizer]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 400 && hasMore && !loadingOlder) void loadOlder();
  };

  return (
    <div ref={scroller} className="chat-scroll" onScroll={onScroll} role="log" aria-label={t("messagesLabel")} tabIndex={0}>
      {hasMore && (
        <div className="chat-older">
          {loadingOlder ? (
            <span className="spinner spinner-sm" role="status" aria-label={t("loadingOlder")} />
          ) : (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => void loadOlder()}>
              {t("loadOlder")}
            </button>
          )}
        </div>
      )}
      <div className="chat-rows" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={`chat-row ${row.kind === "message" && row.message.id === reached ? "chat-row-target" : ""}`}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              {row.kind === "day" && (
                <div className="chat-day" role="separator" aria-label={row.label}>
                  <span>{row.label}</span>
                </div>
              )}
              {row.kind === "message" && (
                <MessageRow
                  message={row.message}
                  first={row.first}
                  seenBy={seen?.id === row.message.id ? seen.names : null}
                  canReact={canReact}
                  onReact={onReact}
                  meId={meId}
                  people={conversation.people}
                />
              )}
              {row.kind === "pending" && (
                <PendingRow pending={row.pending} onRetry={() => onRetry(row.pending)} onDiscard={() => onDiscard(row.pending.tempId)} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
