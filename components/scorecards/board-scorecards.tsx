"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { FormField } from "@/components/forms/form-types";
import { AnswersView } from "@/components/interviews/answers-view";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/states";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useToast } from "@/components/ui/toast";
import { tallyOf } from "@/lib/scorecards/scorecard-rules.shared";
import { RecommendationBadge } from "./recommendation-badge";
import type { Scorecard } from "./scorecard-types";
import { TallyView } from "./tally-view";
import { useReopenScorecard } from "./use-scorecards";

/** The live tally of what the reader sees: submitted scorecards only. */
const liveTally = (cards: Scorecard[]) =>
  tallyOf(cards.map((c) => ({ recommendation: c.recommendation, submittedAt: c.submitted_at ? new Date(c.submitted_at) : null })));

/**
 * The scorecards the reader may see besides their own: for a member who submitted, the others'
 * submitted ones; for an admin, every one with its state and a Reopen action. With the tally of
 * the submitted recommendations.
 */
export function BoardScorecards({
  personId,
  interviewId,
  cards,
  ownId,
  admin,
  nameOf,
  fields,
  language,
}: {
  personId: string;
  interviewId: string;
  cards: Scorecard[];
  ownId: string | null;
  admin: boolean;
  nameOf: (memberId: string) => string;
  fields: FormField[];
  language: string;
}) {
  const t = useTranslations("scorecards");
  const format = useDisplayFormat();
  const toast = useToast();
  const reopen = useReopenScorecard(personId, interviewId);
  const [reopening, setReopening] = useState<Scorecard | null>(null);
  const others = cards.filter((c) => c.member_id !== ownId || admin);

  return (
    <section className="card sc-card" aria-labelledby="board-scorecards-title">
      <div className="card-head">
        <div>
          <h2 id="board-scorecards-title">{t("boardTitle")}</h2>
          <p>{admin ? t("boardLeadAdmin") : t("boardLeadMember")}</p>
        </div>
      </div>
      <div className="card-body stack">
        <TallyView title={t("tallyTitle")} tally={liveTally(cards)} />
        {others.length === 0 ? (
          <EmptyState title={admin ? t("noScorecards") : t("noOthers")} />
        ) : (
          <ul className="sc-list" aria-label={t("boardTitle")}>
            {others.map((c) => {
              const name = nameOf(c.member_id);
              return (
                <li key={c.id} className="sc-item" data-member={c.member_id}>
                  <div className="sc-item-head">
                    <h3>{name}</h3>
                    <span className={`badge ${c.submitted ? "badge-success" : "badge-warning"}`}>{c.submitted ? t("submittedBadge") : t("draftBadge")}</span>
                    <RecommendationBadge value={c.recommendation} />
                    {c.submitted_at && <span className="muted small">{t("submittedOn", { when: format.moment(c.submitted_at, true) })}</span>}
                    {admin && c.submitted === 1 && (
                      <button type="button" className="btn btn-sm sc-reopen" aria-label={t("reopenLabel", { name })} onClick={() => setReopening(c)}>
                        {t("reopen")}
                      </button>
                    )}
                  </div>
                  {fields.length > 0 && <AnswersView fields={fields} responses={c.responses} language={language} showPrivate={false} />}
                  <p className="sc-note-text">{c.note ?? <span className="muted">{t("noNote")}</span>}</p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={reopening !== null}
        onClose={() => setReopening(null)}
        title={t("reopenTitle")}
        message={t("reopenConsequence", { name: reopening ? nameOf(reopening.member_id) : "" })}
        confirmLabel={t("reopen")}
        onConfirm={async () => {
          if (!reopening) return;
          await reopen.mutateAsync(reopening.id);
          toast.show(t("reopened"));
        }}
      />
    </section>
  );
}
