"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { RECOMMENDATIONS } from "@/lib/scorecards/scorecard-rules.shared";

/** The four recommendations as labelled radio buttons (arrow keys move between them). */
export function RecommendationRadios({
  legend,
  value,
  onChange,
  error,
  disabled = false,
}: {
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useTranslations("scorecards");
  const id = useId();
  return (
    <fieldset className={`sc-recommendation${error ? " sc-invalid" : ""}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className="sc-radios">
        {RECOMMENDATIONS.map((r) => (
          <label key={r} className={`sc-radio sc-radio-${r}`}>
            <input type="radio" name={id} value={r} checked={value === r} disabled={disabled} onChange={() => onChange(r)} />
            <span>{t(`recommendations.${r}`)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
