"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDeferredValue, useMemo, useState } from "react";
import { foldText, searchWords } from "@/components/ui/format";
import { Avatar } from "@/components/ui/avatar";
import { EmptyState, ErrorState, SkeletonRows } from "@/components/ui/states";
import type { ConversationListItem } from "./chat-types";
import { useChatFormat } from "./use-chat-format";
import { useConversations } from "./use-messages";

// Only once someone starts a conversation.
const NewConversationDialog = dynamic(() => import("./new-conversation-dialog").then((m) => m.NewConversationDialog));

/**
 * The reader's conversations, newest activity first (reordered live), each with the last
 * message in the reader's language and an unread badge; a filter by name, and "New".
 */
export function ConversationList({ activeId, meId }: { activeId: string | null; meId: string }) {
  // The open conversation's title is the page's h1 (on a phone it is all that shows).
  const Heading = activeId ? "h2" : "h1";
  const t = useTranslations("chat");
  const format = useChatFormat();
  const conversations = useConversations();
  const [creating, setCreating] = useState(false);
  const [filter, setFilter] = useState("");
  const deferred = useDeferredValue(filter);

  const items = useMemo(() => {
    const words = searchWords(deferred);
    return (conversations.data ?? []).map((c) => ({ c, title: format.title(c, meId) })).filter(({ title }) => words.every((w) => foldText(title).includes(w)));
  }, [conversations.data, deferred, format, meId]);

  return (
    <div className="chat-list">
      <div className="chat-list-head">
        <Heading className="chat-list-title">{t("title")}</Heading>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
          {t("new")}
        </button>
      </div>
      <div className="chat-list-filter">
        <input
          type="search"
          className="input"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t("filterPlaceholder")}
          aria-label={t("filterLabel")}
        />
      </div>
      {conversations.isPending ? (
        <SkeletonRows rows={5} />
      ) : conversations.isError ? (
        <ErrorState error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : !conversations.data.length ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>
      ) : (
        <ul className="chat-list-items" aria-label={t("conversations")}>
          {items.map(({ c, title }) => (
            <ConversationRow key={c.id} conversation={c} title={title} active={c.id === activeId} meId={meId} />
          ))}
        </ul>
      )}
      {creating && <NewConversationDialog open onClose={() => setCreating(false)} />}
    </div>
  );
}

function ConversationRow({ conversation: c, title, active, meId }: { conversation: ConversationListItem; title: string; active: boolean; meId: string }) {
  const t = useTranslations("chat");
  const format = useChatFormat();
  const other = c.kind === "direct" ? c.people.find((p) => p.id !== meId) : undefined;
  const last = c.last_message;
  const preview = !last
    ? ""
    : last.sender_id === meId
      ? t("previewYou", { text: last.body })
      : c.kind === "group"
        ? t("previewFrom", { name: format.firstName(last.sender_id, c.people), text: last.body })
        : last.body;
  return (
    <li>
      <Link href={`/messages/${c.id}`} className={`chat-item ${c.unread ? "chat-item-unread" : ""}`} aria-current={active ? "page" : undefined}>
        {other ? (
          <Avatar first={other.first} last={other.last} size={40} />
        ) : (
          <span className="avatar chat-group-avatar" aria-hidden="true" style={{ width: 40, height: 40 }}>
            {c.participants.length}
          </span>
        )}
        <span className="chat-item-text">
          <span className="chat-item-top">
            <span className="chat-item-title">{title}</span>
            {last && (
              <time className="chat-item-time" dateTime={new Date(last.created_at).toISOString()}>
                {format.when(last.created_at)}
              </time>
            )}
          </span>
          <span className="chat-item-bottom">
            <span className="chat-item-preview">{c.left ? t("youLeftPreview", { text: preview }) : preview}</span>
            {c.unread > 0 && (
              <span className="chat-unread">
                <span aria-hidden="true">{c.unread > 99 ? "99+" : c.unread}</span>
                <span className="sr-only">{t("unreadCount", { count: c.unread })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
