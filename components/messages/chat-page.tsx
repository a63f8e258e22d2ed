"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useMe } from "@/components/me/use-me";
import { EmptyState } from "@/components/ui/states";
import { ConnectionBanner } from "./connection-banner";
import { ConversationList } from "./conversation-list";
import { useChatSync } from "./use-chat-sync";

// In a chunk of its own, rendered with the HTML and preloaded where a conversation is open: the
// list alone (`/messages`, what a phone shows first) loads none of the conversation's code.
const ConversationView = dynamic(() => import("./conversation-view").then((m) => m.ConversationView));

/**
 * `/messages` and `/messages/:id`: the list beside the open conversation on wide screens; on a
 * phone, the list alone, or the conversation alone (with a way back).
 */
export function ChatPage({ conversationId }: { conversationId: string | null }) {
  const t = useTranslations("chat");
  const meId = useMe().data?.person.id ?? "";
  // Live at once here (the navigation's badge starts it only once the page is idle).
  useChatSync(meId || undefined);
  return (
    <div className={`chat ${conversationId ? "chat-open" : ""}`}>
      <ConnectionBanner />
      <div className="chat-panes">
        <div className="chat-side">
          <ConversationList activeId={conversationId} meId={meId} />
        </div>
        <section className="chat-main" aria-label={conversationId ? t("conversation") : undefined}>
          {conversationId ? (
            <ConversationView key={conversationId} id={conversationId} />
          ) : (
            <div className="chat-placeholder">
              <EmptyState title={t("pickTitle")}>{t("pickText")}</EmptyState>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
