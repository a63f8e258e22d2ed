"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES } from "@/lib/audit/actions.shared";
import { isId } from "@/lib/ids/ids.shared";
import { FILTER_KEYS, NO_FILTERS, type AuditFilters } from "./audit-filters";

type Named = { id: string; name: string };

/** An option for an id the lists no longer hold (a person deleted since, a revoked key), so a linked filter still shows. */
function useMissing(value: string, lists: Named[][]) {
  return value && !lists.some((list) => list.some((item) => item.id === value)) ? value : null;
}

/**
 * The audit page's filters. Choices apply at once; the record id applies when it is left or
 * Enter is pressed (a half-typed id would only list nothing).
 */
export function AuditFilterForm({
  filters,
  onChange,
  people,
  keys,
}: {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  people: Named[];
  keys: Named[];
}) {
  const t = useTranslations("audit");
  const hintId = useId();
  const [recordId, setRecordId] = useState(filters.record_id);
  useEffect(() => setRecordId(filters.record_id), [filters.record_id]);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const commitRecordId = () => {
    const value = recordId.trim();
    if (value !== filters.record_id && (value === "" || isId(value))) set({ record_id: value });
  };
  const missingActor = useMissing(filters.actor, [people, keys]);
  const missingPerson = useMissing(filters.person, [people]);
  const recordTypeName = (type: string) => (t.has(`recordTypes.${type}`) ? t(`recordTypes.${type}`) : type);
  const actionName = (action: string) => (t.has(`actions.${action}`) ? t(`actions.${action}`) : action);
  const filtering = FILTER_KEYS.some((k) => filters[k]);

  return (
    <form
      className="audit-toolbar"
      role="search"
      aria-label={t("filters.label")}
      onSubmit={(e) => {
        e.preventDefault();
        commitRecordId();
      }}
    >
      <label className="field">
        <span className="field-label">{t("filters.actor")}</span>
        <select className="select" value={filters.actor} onChange={(e) => set({ actor: e.target.value })}>
          <option value="">{t("filters.anyone")}</option>
          {missingActor && <option value={missingActor}>{t("filters.notListed", { id: missingActor })}</option>}
          <optgroup label={t("filters.people")}>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </optgroup>
          {keys.length > 0 && (
            <optgroup label={t("filters.keys")}>
              {keys.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t("filters.person")}</span>
        <select className="select" value={filters.person} onChange={(e) => set({ person: e.target.value })}>
          <option value="">{t("filters.anyPerson")}</option>
          {missingPerson && <option value={missingPerson}>{t("filters.notListed", { id: missingPerson })}</option>}
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t("filters.action")}</span>
        <select className="select" value={filters.action} onChange={(e) => set({ action: e.target.value })}>
          <option value="">{t("filters.anyAction")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {actionName(action)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t("filters.recordType")}</span>
        <select
          className="select"
          value={filters.record_type}
          onChange={(e) => set({ record_type: e.target.value, record_id: e.target.value ? filters.record_id : "" })}
        >
          <option value="">{t("filters.anyRecordType")}</option>
          {AUDIT_RECORD_TYPES.map((type) => (
            <option key={type} value={type}>
              {recordTypeName(type)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field-label">{t("filters.recordId")}</span>
        <input
          className="input mono"
          value={recordId}
          disabled={!filters.record_type}
          aria-describedby={hintId}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setRecordId(e.target.value)}
          onBlur={commitRecordId}
        />
        <span id={hintId} className="field-hint">
          {t("filters.recordIdHint")}
        </span>
      </label>
      <label className="field">
        <span className="field-label">{t("filters.from")}</span>
        <input className="input" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label className="field">
        <span className="field-label">{t("filters.to")}</span>
        <input className="input" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
      </label>
      <div className="audit-toolbar-actions">
        {/* Enter in the record id submits; the button is for those who look for one. */}
        <button type="submit" className="btn btn-sm">
          {t("filters.apply")}
        </button>
        {filtering && (
          <button type="button" className="link-btn small" onClick={() => onChange(NO_FILTERS)}>
            {t("filters.clear")}
          </button>
        )}
      </div>
    </form>
  );
}
