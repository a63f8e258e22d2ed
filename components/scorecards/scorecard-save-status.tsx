"use client";

import { useTranslations } from "next-intl";
import { SaveStatusLine } from "@/components/interviews/save-status";
import type { AutosaveSnapshot } from "@/components/interviews/use-autosave";

/** The draft's save state, in the scorecard's own words (the interview's answers have their own line beside it). */
export function ScorecardSaveStatus({ snapshot, onRetry }: { snapshot: AutosaveSnapshot; onRetry: () => void }) {
  const t = useTranslations("scorecards.save");
  const words = { idle: t("idle"), saving: t("saving"), saved: t("saved"), failed: t("failed"), retry: t("retry") };
  return <SaveStatusLine snapshot={snapshot} onRetry={onRetry} words={words} />;
}
