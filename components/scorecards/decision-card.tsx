import { useTranslations } from "next-intl";
import type { Interview } from "@/components/interviews/interview-types";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { RecommendationBadge } from "./recommendation-badge";
import { TallyView } from "./tally-view";

/**
 * The board's decision as every reader of the interview sees it: the recommendation, when it was
 * made, and the tally (to those the server gives it). No "use client": a candidate's page renders
 * it on the server; editors get their controls inside it (`children`, board-decision.tsx).
 */
export function DecisionCard({ interview, children }: { interview: Interview; children?: React.ReactNode }) {
  const t = useTranslations("scorecards");
  const format = useDisplayFormat();
  return (
    <section className="card sc-card" aria-labelledby="board-decision-title">
      <div className="card-head">
        <div>
          <h2 id="board-decision-title">{t("decisionTitle")}</h2>
          <p>{t("decisionLead")}</p>
        </div>
      </div>
      <div className="card-body stack">
        <p className="sc-decision">
          {interview.recommendation ? <RecommendationBadge value={interview.recommendation} /> : <span className="muted">{t("notDecided")}</span>}
          {interview.recommendation_at && <span className="muted small">{t("decidedOn", { when: format.moment(interview.recommendation_at, true) })}</span>}
        </p>
        {interview.recommendation_tally && <TallyView title={t("decidedTallyTitle")} tally={interview.recommendation_tally} />}
        {children}
      </div>
    </section>
  );
}
