"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";

/**
 * The person's language, saved to them (PATCH /api/me): the interface follows it at once
 * (the server's pages render again in it), and so do e-mails and translated messages. The
 * choices come named by the server (components/shell/app-header.tsx): naming them here would
 * build an Intl.DisplayNames per language while the page hydrates, 170 ms on a slow phone.
 */
export function LanguageSwitcher({ language, choices }: { language: string; choices: { code: string; name: string }[] }) {
  const t = useTranslations("shell");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const id = useId();
  const [saving, startSaving] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const change = (next: string) =>
    startSaving(async () => {
      setError(null);
      try {
        await apiFetch("/api/me", { method: "PATCH", body: { language: next } });
        router.refresh();
      } catch (err) {
        setError(errorMessage(err));
      }
    });

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        className="select select-sm"
        value={language}
        disabled={saving}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => change(e.target.value)}
      >
        {choices.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} role="alert" className="language-switcher-error">
          {error}
        </span>
      )}
    </div>
  );
}
