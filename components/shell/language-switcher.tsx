"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { ownLanguageName } from "@/components/languages/language-names";

/** The languages the interface is written in, by their own names. */
const INTERFACE_LANGUAGES = ["en", "es"];

/**
 * The person's language, saved to them (PATCH /api/me): the interface follows it at once
 * (the server's pages render again in it), and so do e-mails and translated messages. A
 * language the interface is not written in (their `fr`, say) stays listed while it is theirs.
 */
export function LanguageSwitcher({ language }: { language: string }) {
  const t = useTranslations("shell");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const id = useId();
  const [saving, startSaving] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const choices = INTERFACE_LANGUAGES.includes(language) ? INTERFACE_LANGUAGES : [language, ...INTERFACE_LANGUAGES];

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
        {choices.map((code) => (
          <option key={code} value={code} lang={code}>
            {ownLanguageName(code)}
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
