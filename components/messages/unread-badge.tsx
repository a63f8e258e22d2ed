"use client";

import { useTranslations } from "next-intl";
import { QueryProvider } from "@/components/api/query-provider";
import { useFrameMe } from "@/components/me/me-context";
import { useMe } from "@/components/me/use-me";
import { useChatSync } from "./use-chat-sync";
import { useUnread } from "./use-messages";

/**
 * The navigation's total of unread messages. Mounted on every signed-in page (once it is idle,
 * components/shell/main-nav.tsx), beside "Messages" and on the phone's menu button, which is all
 * a phone shows while the menu is folded. The one beside "Messages" also starts the tab's realtime
 * connection that keeps every count live. Pages outside the signed-in frame (the 404 page) show
 * no badge. It brings the API's data layer along: the frame has none of its own.
 */
export function UnreadBadge({ onMenuButton = false }: { onMenuButton?: boolean }) {
  return useFrameMe() ? (
    <QueryProvider>
      <LiveUnreadBadge onMenuButton={onMenuButton} />
    </QueryProvider>
  ) : null;
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
