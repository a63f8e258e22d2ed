"use client";

import { useTranslations } from "next-intl";
import { memo, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import type { Message, PersonName } from "./chat-types";
import type { PendingMessage } from "./pending-messages";
import { ReactionPicker } from "./reaction-picker";
import { useChatFormat } from "./use-chat-format";

type Common = { meId: string; people: PersonName[] };

/** Who reacted with an emoji, by name ("you" first). */
function reactedBy(ids: string[], { meId, people }: Common, format: ReturnType<typeof useChatFormat>, you: string) {
  const names = ids.map((id) => (id === meId ? you : format.name(id, people)));
  return format.list(names);
}

/**
 * One message: the author and time when a run of messages starts, the text in the reader's
 * language ("Translated from Spanish · Show original"), reactions with who reacted, and
 * "Seen by" under the reader's own last message.
 */
export const MessageRow = memo(function MessageRow({
  message,
  first,
  seenBy,
  canReact,
  onReact,
  meId,
  people,
}: Common & {
  message: Message;
  /** Starts a run: shows the author and time. */
  first: boolean;
  /** Names of those who have read up to this message (the reader's last one only). */
  seenBy: string[] | null;
  canReact: boolean;
  onReact: (messageId: string, emoji: string) => void;
}) {
  const t = useTranslations("chat");
  const format = useChatFormat();
  const [showOriginal, setShowOriginal] = useState(false);

  if (message.kind === "left") {
    return (
      <div className="msg-notice" role="note">
        {t("personLeft", { name: message.body || t("deletedPerson") })} ·{" "}
        <time dateTime={new Date(message.created_at).toISOString()}>{format.time(message.created_at)}</time>
      </div>
    );
  }

  if (message.kind === "deleted") {
    return (
      <div className="msg-notice" role="note">
        {t("messageDeleted")} · <time dateTime={new Date(message.created_at).toISOString()}>{format.time(message.created_at)}</time>
      </div>
    );
  }

  const mine = message.sender_id === meId;
  const author = format.name(message.sender_id, people);
  const person = people.find((p) => p.id === message.sender_id);
  const shown = showOriginal && message.original ? message.original : { body: message.body, language: message.language };
  const reactions = Object.entries(message.reactions);

  return (
    <article
      className={`msg ${mine ? "msg-mine" : ""} ${first ? "msg-first" : ""}`}
      aria-label={t("messageFrom", { name: mine ? t("you") : author })}
      data-message-id={message.id}
    >
      {!mine && (
        <div className="msg-avatar" aria-hidden="true">
          {first && <Avatar first={person?.first ?? "?"} last={person?.last ?? ""} size={32} />}
        </div>
      )}
      <div className="msg-content">
        {first && (
          <div className="msg-head">
            {!mine && <span className={`msg-author ${person ? "" : "msg-author-deleted"}`}>{author}</span>}
            <time dateTime={new Date(message.created_at).toISOString()} title={format.full(message.created_at)}>
              {format.time(message.created_at)}
            </time>
          </div>
        )}
        <div className="msg-bubble">
          <p className="msg-body" lang={shown.language}>
            {shown.body}
          </p>
          {message.original && (
            <p className="msg-meta">
              {showOriginal
                ? t("originalIn", { language: format.language(message.original.language) })
                : t("translatedFrom", { language: format.language(message.original.language) })}
              {" · "}
              <button type="button" className="link-btn" onClick={() => setShowOriginal((s) => !s)} aria-pressed={showOriginal}>
                {showOriginal ? t("showTranslation") : t("showOriginal")}
              </button>
            </p>
          )}
          {message.translation === "unavailable" && <p className="msg-meta">{t("translationUnavailable", { language: format.language(message.language) })}</p>}
        </div>
        {(reactions.length > 0 || canReact) && (
          <div className="msg-reactions">
            {reactions.map(([emoji, ids]) => {
              const who = reactedBy(ids, { meId, people }, format, t("you"));
              return (
                <button
                  key={emoji}
                  type="button"
                  className={`reaction ${ids.includes(meId) ? "reaction-mine" : ""}`}
                  aria-pressed={ids.includes(meId)}
                  title={t("reactedBy", { names: who })}
                  aria-label={t("reactionLabel", { emoji, count: ids.length, names: who })}
                  disabled={!canReact}
                  onClick={() => onReact(message.id, emoji)}
                >
                  <span aria-hidden="true">{emoji}</span>
                  <span className="reaction-count" aria-hidden="true">
                    {ids.length}
                  </span>
                </button>
              );
            })}
            {canReact && <ReactionPicker onPick={(emoji) => onReact(message.id, emoji)} />}
          </div>
        )}
        {seenBy && seenBy.length > 0 && <p className="msg-seen">{t("seenBy", { names: format.list(seenBy) })}</p>}
      </div>
    </article>
  );
});

/** A message on its way, or one that failed (Retry, Discard). */
export function PendingRow({ pending, onRetry, onDiscard }: { pending: PendingMessage; onRetry: () => void; onDiscard: () => void }) {
  const t = useTranslations("chat");
  return (
    <article
      className={`msg msg-mine msg-first msg-pending ${pending.status === "failed" ? "msg-failed" : ""}`}
      aria-label={t("messageFrom", { name: t("you") })}
    >
      <div className="msg-content">
        <div className="msg-bubble">
          <p className="msg-body">{pending.body}</p>
        </div>
        {pending.status === "sending" ? (
          <p className="msg-status">{t("sending")}</p>
        ) : (
          <p className="msg-status msg-status-failed" role="alert">
            {t("notSent")}{" "}
            <button type="button" className="link-btn" onClick={onRetry}>
              {t("retry")}
            </button>{" "}
            ·{" "}
            <button type="button" className="link-btn" onClick={onDiscard}>
              {t("discard")}
            </button>
          </p>
        )}
      </div>
    </article>
  );
}
