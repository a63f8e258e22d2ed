"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useRealtimeStatus } from "./use-chat-sync";

/** While the live connection is down: offline at once, "reconnecting" after a moment (a quick blip shows nothing). */
export function ConnectionBanner() {
  const t = useTranslations("chat");
  const status = useRealtimeStatus();
  const [shown, setShown] = useState<"offline" | "reconnecting" | null>(null);

  useEffect(() => {
    if (status === "offline") {
      setShown("offline");
      return;
    }
    if (status === "reconnecting") {
      const timer = setTimeout(() => setShown("reconnecting"), 1200);
      return () => clearTimeout(timer);
    }
    setShown(null);
  }, [status]);

  return (
    <div role="status" aria-live="polite" className="chat-banner-slot">
      {shown && (
        <div className={`chat-banner chat-banner-${shown}`}>
          <span className="chat-banner-dot" aria-hidden="true" />
          {shown === "offline" ? t("offline") : t("reconnecting")}
        </div>
      )}
    </div>
  );
}
