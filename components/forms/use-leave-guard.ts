"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

/**
 * Asks before leaving with unsaved changes: closing or reloading the tab (the browser's own
 * prompt) and following a link inside the app.
 */
export function useLeaveGuard(dirty: boolean, leaving: React.RefObject<boolean>) {
  const leaveQuestion = useTranslations("forms")("leaveQuestion");
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (leaving.current) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const click = (e: MouseEvent) => {
      if (leaving.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || a.target === "_blank" || a.origin !== window.location.origin) return;
      if (a.pathname === window.location.pathname && a.search === window.location.search) return;
      if (!window.confirm(leaveQuestion)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [dirty, leaving, leaveQuestion]);
}
