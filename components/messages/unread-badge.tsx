"use client";

import { QueryClientContext } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useContext } from "react";
import { useMe } from "@/components/me/use-me";
import "./unread-badge.css";
import { useChatSync } from "./use-chat-sync";
import { useUnread } from "./use-messages";

/**
 * The navigation's total of unread messages. Mounted on every signed-in page (once it is idle,
 * components/shell/main-nav.tsx): it also starts the tab's realtime connection that keeps every
 * count live. Pages outside the app's data layer (the 404 page) show no badge.
 */
export function UnreadBadge() {
  return useContext(QueryClientContext) ? <LiveUnreadBadge /> : null;
}

function LiveUnreadBadge() {
  const t = useTranslations("chat");
  const meId = useMe().data?.person.id;
  useChatSync(meId);
  const unread = useUnread(Boolean(meId));
  const total = unread.data?.total ?? 0;
  if (!total) return null;
  return (
    <span className="nav-badge" data-testid="unread-total">
      <span aria-hidden="true">{total > 99 ? "99+" : total}</span>
      <span className="sr-only">{t("unreadNav", { count: total })}</span>
    </span>
  );
}
