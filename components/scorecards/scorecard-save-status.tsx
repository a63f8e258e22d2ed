"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { AutosaveSnapshot } from "@/components/interviews/use-autosave";

/** The draft's save state, in the scorecard's own words (the interview's answers have their own line beside it). */
export function ScorecardSaveStatus({ snapshot, onRetry }: { snapshot: AutosaveSnapshot; onRetry: () => void }) {
  const t = useTranslations("scorecards.save");
  const errorMessage = useErrorMessage();
  const { status } = snapshot;
  return (
    <div className={`iv-save iv-save-${status}`}>
      <span role="status" aria-live="polite" title={snapshot.failure ? errorMessage(snapshot.failure) : undefined}>
        {status === "saving" ? (
          <>
            <span className="spinner spinner-sm" aria-hidden="true" /> {t("saving")}
          </>
        ) : status === "saved" ? (
          <>
            <span aria-hidden="true">✓</span> {t("saved")}
          </>
        ) : status === "error" ? (
          t("failed")
        ) : (
          t("idle")
        )}
      </span>
      {status === "error" && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t("retry")}
        </button>
      )}
    </div>
  );
}
