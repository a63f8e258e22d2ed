"use client";

import { useLocale, useTranslations } from "next-intl";
import type { AuditEvent } from "./use-audit-events";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const hasOnly = (v: Json, ...keys: string[]) => Object.keys(v).length === keys.length && keys.every((k) => k in v);
/** `{ old, new }`: a field's update. */
const isUpdate = (v: unknown): v is { old: unknown; new: unknown } => isObject(v) && hasOnly(v, "old", "new");
/** `{ changed: true }`: a secret or a long text, whose values the trail does not copy. */
const isMasked = (v: unknown) => isObject(v) && hasOnly(v, "changed") && v.changed === true;
/** `{ private: true, label }`: a private form answer, by its name only. */
const isPrivate = (v: unknown): v is { private: true; label: unknown } => isObject(v) && v.private === true;

/** Longest value shown in the table; the CSV has every value whole. */
const MAX_SHOWN = 240;

function Value({ value }: { value: unknown }) {
  const t = useTranslations("audit");
  if (value === null || value === undefined || value === "") return <span className="muted">{t("changes.empty")}</span>;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return <span className="audit-value">{text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text}</span>;
}

/** A form field's label in the reader's language, else English, else any. */
function useLabel() {
  const locale = useLocale();
  return (label: unknown, fallback: string) => {
    if (typeof label === "string") return label;
    if (!isObject(label)) return fallback;
    const text = label[locale] ?? label.en ?? Object.values(label)[0];
    return typeof text === "string" && text ? text : fallback;
  };
}

function Change({ field, value }: { field: string; value: unknown }) {
  const t = useTranslations("audit");
  const labelOf = useLabel();
  if (isPrivate(value)) return <li>{t("changes.private", { label: labelOf(value.label, field) })}</li>;
  if (field === "responses" && isObject(value) && !isUpdate(value)) {
    return (
      <li>
        {t("changes.answers")}
        <ul>
          {Object.entries(value).map(([id, answer]) => (
            <Change key={id} field={id} value={answer} />
          ))}
        </ul>
      </li>
    );
  }
  return (
    <li>
      <span className="audit-field">{field}</span>:{" "}
      {isMasked(value) ? (
        <span className="muted">{t("changes.changed")}</span>
      ) : isUpdate(value) ? (
        <>
          <Value value={value.old} /> → <Value value={value.new} />
        </>
      ) : (
        <Value value={value} />
      )}
    </li>
  );
}

/**
 * What an event changed, field by field: `field: old → new` for an update, `field: value` for
 * a creation or a deletion; secrets and long texts as "changed", private form answers by their
 * label only; an erased person's event as redacted.
 */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const t = useTranslations("audit");
  if (event.redacted) return <em className="muted">{t("redacted")}</em>;
  const changes = event.changes;
  if (!isObject(changes) || !Object.keys(changes).length) return <span className="muted">{t("changes.none")}</span>;
  return (
    <ul className="audit-changes">
      {Object.entries(changes).map(([field, value]) => (
        <Change key={field} field={field} value={value} />
      ))}
    </ul>
  );
}
