"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { AutosaveSnapshot } from "./use-autosave";

export function SaveStatus({ snapshot, onRetry }: { snapshot: AutosaveSnapshot; onRetry: () => void }) {
  const t = useTranslations("interviews");
  const errorMessage = useErrorMessage();
  const { status } = snapshot;
  return (
    <div className={`iv-save iv-save-${status}`}>
      <span role="status" aria-live="polite" title={snapshot.failure ? errorMessage(snapshot.failure) : undefined}>
        {status === "saving" ? (
          <>
            <span className="spinner spinner-sm" aria-hidden="true" /> {t("save.saving")}
          </>
        ) : status === "saved" ? (
          <>
            <span aria-hidden="true">✓</span> {t("save.saved")}
          </>
        ) : status === "error" ? (
          t("save.failed")
        ) : (
          t("save.idle")
        )}
      </span>
      {status === "error" && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t("save.retry")}
        </button>
      )}
    </div>
  );
}
