"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";

export function Spinner({ label, size = "md" }: { label?: string; size?: "sm" | "md" }) {
  const t = useTranslations("ui");
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner ${size === "sm" ? "spinner-sm" : ""}`} aria-hidden="true" />
      <span className="sr-only">{label ?? t("loading")}</span>
    </span>
  );
}

/** Grey placeholder lines while a page loads. */
export function Skeleton({ lines = 3, className = "" }: { lines?: number; className?: string }) {
  const t = useTranslations("ui");
  return (
    <div className={`skeleton-block ${className}`} aria-busy="true" aria-label={t("loading")}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${90 - ((i * 17) % 40)}%` }} />
      ))}
    </div>
  );
}

export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  const t = useTranslations("ui");
  return (
    <div aria-busy="true" aria-label={t("loading")} className="skeleton-rows">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row">
          <div className="skeleton skeleton-circle" />
          <div className="skeleton-row-text">
            <div className="skeleton" style={{ width: `${40 + ((i * 13) % 30)}%` }} />
            <div className="skeleton skeleton-thin" style={{ width: `${25 + ((i * 7) % 20)}%` }} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function ErrorState({ error, onRetry, title }: { error: unknown; onRetry?: () => void; title?: string }) {
  const t = useTranslations("ui");
  const message = useErrorMessage();
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title ?? t("couldNotLoad")}</p>
      <p className="state-text">{message(error)}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          {t("tryAgain")}
        </button>
      )}
    </div>
  );
}

export { EmptyState } from "./empty-state";
