"use client";

import { useTranslations } from "next-intl";
import { useCallback, useSyncExternalStore } from "react";
import { useFrameMe } from "@/components/me/me-context";
import { subscribeUnreadTotal, unreadTotal } from "./unread-total";

/**
 * The navigation's total of unread messages. Mounted on every signed-in page (once it is idle,
 * components/shell/main-nav.tsx), beside "Messages" and on the phone's menu button, which is all
 * a phone shows while the menu is folded. It starts the tab's realtime connection, which keeps
 * the count live (unread-total.ts), and brings no data layer: most pages have none. Pages
 * outside the signed-in frame (the 404 page) show no badge.
 */
export function UnreadBadge({ onMenuButton = false }: { onMenuButton?: boolean }) {
  const me = useFrameMe();
  return me ? <LiveUnreadBadge meId={me.person.id} onMenuButton={onMenuButton} /> : null;
}

function LiveUnreadBadge({ meId, onMenuButton }: { meId: string; onMenuButton: boolean }) {
  const t = useTranslations("chat");
  const subscribe = useCallback((listener: () => void) => subscribeUnreadTotal(meId, listener), [meId]);
  const total = useSyncExternalStore(subscribe, unreadTotal, () => 0);
  if (total <= 0) return null;
  return (
    <span className={onMenuButton ? "nav-badge menu-badge" : "nav-badge"} data-testid={onMenuButton ? "unread-total-menu" : "unread-total"}>
      <span aria-hidden="true">{total > 99 ? "99+" : total}</span>
      <span className="sr-only">{t("unreadNav", { count: total })}</span>
    </span>
  );
}
