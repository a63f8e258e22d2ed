"use client";

import { QueryClientContext } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useContext } from "react";
import { useMe } from "@/components/me/use-me";
import { useChatSync } from "./use-chat-sync";
import { useUnread } from "./use-messages";

/**
 * The navigation's total of unread messages. Mounted on every signed-in page (once it is idle,
 * components/shell/main-nav.tsx), beside "Messages" and on the phone's menu button, which is all
 * a phone shows while the menu is folded. The one beside "Messages" also starts the tab's realtime
 * connection that keeps every count live. Pages outside the app's data layer (the 404 page) show
 * no badge.
 */
export function UnreadBadge({ onMenuButton = false }: { onMenuButton?: boolean }) {
  return useContext(QueryClientContext) ? <LiveUnreadBadge onMenuButton={onMenuButton} /> : null;
}

function ChatSync({ meId }: { meId: string | undefined }) {
  useChatSync(meId);
  return null;
}

function LiveUnreadBadge({ onMenuButton }: { onMenuButton: boolean }) {
  const t = useTranslations("chat");
  const meId = useMe().data?.person.id;
  const unread = useUnread(Boolean(meId));
  const total = unread.data?.total ?? 0;
  return (
    <>
      {!onMenuButton && <ChatSync meId={meId} />}
      {total > 0 && (
        <span className={onMenuButton ? "nav-badge menu-badge" : "nav-badge"} data-testid={onMenuButton ? "unread-total-menu" : "unread-total"}>
          <span aria-hidden="true">{total > 99 ? "99+" : total}</span>
          <span className="sr-only">{t("unreadNav", { count: total })}</span>
        </span>
      )}
    </>
  );
}
