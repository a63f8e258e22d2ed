"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

/**
 * What a page shows when rendering it failed: a plain sentence, another try, a way home.
 * `withHeader` adds the app's brand bar, for failures outside the signed-in frame (which
 * keeps its own header).
 */
export function ErrorPage({ error, reset, withHeader }: { error: Error & { digest?: string }; reset: () => void; withHeader: boolean }) {
  const t = useTranslations("errors");
  useEffect(() => console.error(error), [error]);
  const content = (
    <div className="card error-card" role="alert">
      <h1>{t("failed.title")}</h1>
      <p className="muted">{t("failed.text")}</p>
      {error.digest && (
        <p className="muted small">
          {t("failed.reference")} <code>{error.digest}</code>
        </p>
      )}
      <div className="row">
        <button type="button" className="btn btn-primary" onClick={reset}>
          {t("failed.retry")}
        </button>
        {/* A full load: whatever failed starts afresh. */}
        <a href="/" className="btn">
          {t("home")}
        </a>
      </div>
    </div>
  );
  if (!withHeader) return content;
  return (
    <div className="app">
      <header className="topbar">
        <div className="topbar-inner">
          <a href="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              {t("brandMark")}
            </span>
            <span className="brand-district">{t("appName")}</span>
          </a>
        </div>
      </header>
      <main id="main" className="main">
        {content}
      </main>
    </div>
  );
}
