import { useTranslations } from "next-intl";

/** A recommendation as a badge: its label, coloured by its sense. */
export function RecommendationBadge({ value }: { value: number | null }) {
  const t = useTranslations("scorecards");
  if (!value) return <span className="muted small">{t("noRecommendation")}</span>;
  const tone = value >= 3 ? "badge-success" : "badge-danger";
  return <span className={`badge ${tone} sc-rec`}>{t(`recommendations.${value as 1 | 2 | 3 | 4}`)}</span>;
}
