"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";

/** Ends this session on the server, then a full load of the sign-in page (nothing of the session stays in memory). */
export function SignOutButton() {
  const t = useTranslations("shell");
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await apiFetch("/api/me", { method: "DELETE" });
    } catch {
      // Already signed out or offline: the sign-in page is still the right place.
    }
    window.location.assign("/sign-in?signedOut=1");
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={signOut} disabled={signingOut}>
      {signingOut ? t("signingOut") : t("signOut")}
    </button>
  );
}
