"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { Period, Unit } from "./period";

const UNITS: Unit[] = ["forever", "days", "months", "years"];

/** One retention period: "forever", or an amount and its unit, with what it applies to. */
export function PeriodField({
  name,
  value,
  onChange,
  error,
}: {
  name: "recordings" | "archivedPeople" | "messages";
  value: Period;
  onChange: (p: Period) => void;
  error?: string;
}) {
  const t = useTranslations("retention");
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className="field" aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="field-label">{t(`fields.${name}.label`)}</legend>
      <p id={hintId} className="field-hint">
        {t(`fields.${name}.hint`)}
      </p>
      <div className="row">
        {value.unit !== "forever" && (
          <input
            className="input"
            style={{ width: "7rem" }}
            inputMode="numeric"
            aria-label={t("amount")}
            aria-invalid={error ? true : undefined}
            value={value.amount}
            onChange={(e) => onChange({ ...value, amount: e.target.value })}
          />
        )}
        <select
          className="input"
          style={{ width: "auto", minWidth: "10rem" }}
          aria-label={t("unit")}
          value={value.unit}
          onChange={(e) => onChange({ unit: e.target.value as Unit, amount: value.amount || "1" })}
        >
          {UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`units.${unit}`)}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
