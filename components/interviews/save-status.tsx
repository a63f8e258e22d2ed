"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { AutosaveSnapshot } from "./use-autosave";

/** The words of one autosaving editor's status line: the interview's answers and a member's scorecard each have their own. */
type SaveWords = { idle: string; saving: string; saved: string; failed: string; retry: string };

/** The interview's answers' status line. */
export function SaveStatus({ snapshot, onRetry }: { snapshot: AutosaveSnapshot; onRetry: () => void }) {
  const t = useTranslations("interviews");
  const words = { idle: t("save.idle"), saving: t("save.saving"), saved: t("save.saved"), failed: t("save.failed"), retry: t("save.retry") };
  return <SaveStatusLine snapshot={snapshot} onRetry={onRetry} words={words} />;
}

/** An autosaving editor's state (saving, saved, failed with Retry), in the words it is given. */
export function SaveStatusLine({ snapshot, onRetry, words }: { snapshot: AutosaveSnapshot; onRetry: () => void; words: SaveWords }) {
  const errorMessage = useErrorMessage();
  const { status } = snapshot;
  return (
    <div className={`iv-save iv-save-${status}`}>
      <span role="status" aria-live="polite" title={snapshot.failure ? errorMessage(snapshot.failure) : undefined}>
        {status === "saving" ? (
          <>
            <span className="spinner spinner-sm" aria-hidden="true" /> {words.saving}
          </>
        ) : status === "saved" ? (
          <>
            <span aria-hidden="true">✓</span> {words.saved}
          </>
        ) : status === "error" ? (
          words.failed
        ) : (
          words.idle
        )}
      </span>
      {status === "error" && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {words.retry}
        </button>
      )}
    </div>
  );
}
