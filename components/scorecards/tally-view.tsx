import { useTranslations } from "next-intl";
import { RECOMMENDATIONS } from "@/lib/scorecards/scorecard-rules.shared";
import type { Tally } from "./scorecard-types";

/** How many submitted scorecards recommend each value. */
export function TallyView({ title, tally }: { title: string; tally: Tally }) {
  const t = useTranslations("scorecards");
  return (
    <div className="sc-tally">
      <h3 className="sc-tally-title">{title}</h3>
      <dl>
        {RECOMMENDATIONS.map((r) => (
          <div key={r}>
            <dt>{t(`recommendations.${r}`)}</dt>
            <dd>{t("tallyCount", { count: tally[String(r) as keyof Tally] })}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
