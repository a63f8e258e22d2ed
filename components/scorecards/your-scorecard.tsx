"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { FormField } from "@/components/forms/form-types";
import { AnswersView } from "@/components/interviews/answers-view";
import { EditableField } from "@/components/interviews/interview-field";
import { ScorecardSaveStatus } from "./scorecard-save-status";
import { useSaveErrorMessage } from "@/components/interviews/use-autosave";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useToast } from "@/components/ui/toast";
import { NoteField } from "./note-field";
import { RecommendationBadge } from "./recommendation-badge";
import { RecommendationRadios } from "./recommendation-radios";
import { useScorecardAutosave } from "./scorecard-autosave";
import type { Scorecard } from "./scorecard-types";
import { useSubmitScorecard } from "./use-scorecards";

/**
 * The member's own scorecard: while a draft, the scorecard fields (the interview's own field
 * components), the recommendation and a note, each saved as it changes, and Submit (confirmed);
 * once submitted, read only.
 */
export function YourScorecard({
  personId,
  interviewId,
  memberId,
  card,
  fields,
  language,
}: {
  personId: string;
  interviewId: string;
  memberId: string;
  card: Scorecard | undefined;
  fields: FormField[];
  language: string;
}) {
  const t = useTranslations("scorecards");
  const format = useDisplayFormat();
  const toast = useToast();
  const saveError = useSaveErrorMessage();
  const { store, snapshot } = useScorecardAutosave(personId, interviewId, memberId);
  const submit = useSubmitScorecard(personId, interviewId);
  const [confirming, setConfirming] = useState(false);
  const [missing, setMissing] = useState(false);
  const responses = card?.responses ?? {};
  const recommendation = snapshot.local.has("recommendation") ? (snapshot.local.get("recommendation") as number | null) : (card?.recommendation ?? null);
  const recError = snapshot.errors.get("recommendation");

  return (
    <section className="card sc-card" aria-labelledby="your-scorecard-title">
      <div className="card-head">
        <div>
          <h2 id="your-scorecard-title">{t("yourTitle")}</h2>
          <p>{card?.submitted ? t("submittedOn", { when: format.moment(card.submitted_at, true) }) : t("yourLead")}</p>
        </div>
        {card?.submitted ? (
          <span className="badge badge-success">{t("submittedBadge")}</span>
        ) : (
          <ScorecardSaveStatus snapshot={snapshot} onRetry={() => store.retry()} />
        )}
      </div>
      <div className="card-body stack">
        {card?.submitted ? (
          <>
            <p>
              <RecommendationBadge value={card.recommendation} />
            </p>
            {fields.length > 0 && <AnswersView fields={fields} responses={responses} language={language} showPrivate={false} />}
            <p className="sc-note-text">{card.note ?? <span className="muted">{t("noNote")}</span>}</p>
          </>
        ) : (
          <>
            {fields.length === 0 ? (
              <p className="muted small">{t("noFields")}</p>
            ) : (
              <div className="iv-fields">
                {fields.map((f) => (
                  <EditableField
                    key={f.id}
                    field={f}
                    value={responses[f.id]}
                    language={language}
                    personId={personId}
                    interviewId={interviewId}
                    store={store}
                    snapshot={snapshot}
                    showPrivate={false}
                  />
                ))}
              </div>
            )}
            <RecommendationRadios
              legend={t("recommendation")}
              value={recommendation}
              onChange={(value) => {
                setMissing(false);
                store.save("recommendation", value);
              }}
              error={recError !== undefined ? saveError(recError, "recommendation") : missing ? t("submitNeedsRecommendation") : undefined}
            />
            <NoteField value={card?.note ?? null} store={store} snapshot={snapshot} />
            <p className="notice notice-info" role="note">
              {t("blindNotice")}
            </p>
            <div>
              <button type="button" className="btn btn-primary" onClick={() => (recommendation ? setConfirming(true) : setMissing(true))}>
                {t("submit")}
              </button>
            </div>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("submitTitle")}
        message={t("submitConsequence")}
        confirmLabel={t("submit")}
        onConfirm={async () => {
          await store.flush();
          if (store.hasUnsaved) throw new Error(t("unsaved"));
          await submit.mutateAsync();
          toast.show(t("submitted"));
        }}
      />
    </section>
  );
}
