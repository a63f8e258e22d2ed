"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { Interview } from "@/components/interviews/interview-types";
import { useUpdateInterview } from "@/components/interviews/use-interviews";
import { useToast } from "@/components/ui/toast";
import { DecisionCard } from "./decision-card";
import { RecommendationRadios } from "./recommendation-radios";

/**
 * The board's decision. Interview editors set it (the server stores the tally of the submitted
 * scorecards with it); everyone else who reads the interview sees it. The tally when decided
 * shows only to those the server gives it (who may read every submitted scorecard).
 */
export function BoardDecision({ interview, canDecide }: { interview: Interview; canDecide: boolean }) {
  const t = useTranslations("scorecards");
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const update = useUpdateInterview(interview.person_id, interview.id);
  const [choice, setChoice] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosen = choice ?? interview.recommendation;

  const decide = async (recommendation: number | null) => {
    setError(null);
    try {
      await update.mutateAsync({ recommendation: recommendation as 1 | 2 | 3 | 4 | null });
      setChoice(null);
      toast.show(t("decisionSaved"));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <DecisionCard interview={interview}>
      {canDecide && (
        <>
          <RecommendationRadios legend={t("decisionLegend")} value={chosen} onChange={setChoice} disabled={update.isPending} />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="sc-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={update.isPending || !choice || choice === interview.recommendation}
              onClick={() => decide(choice)}
            >
              {t("saveDecision")}
            </button>
            {interview.recommendation !== null && (
              <button type="button" className="btn" disabled={update.isPending} onClick={() => decide(null)}>
                {t("clearDecision")}
              </button>
            )}
          </div>
        </>
      )}
    </DecisionCard>
  );
}
