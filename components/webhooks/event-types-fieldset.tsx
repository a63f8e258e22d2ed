"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { EVENT_GROUPS, type EventGroup, type EventType } from "@/lib/webhooks/event-types.shared";

/** The event types as checkboxes, in their groups (people, interviews, recordings, API keys), each with what it means. */
export function EventTypesFieldset({ value, onChange, error }: { value: EventType[]; onChange: (types: EventType[]) => void; error?: string }) {
  const t = useTranslations("webhooks");
  const id = useId();
  const toggle = (type: EventType, on: boolean) => onChange(on ? [...value, type] : value.filter((x) => x !== type));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>{t("fields.events")}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t("eventsHint")}
      </p>
      <div className="event-groups">
        {(Object.keys(EVENT_GROUPS) as EventGroup[]).map((group) => (
          <fieldset key={group} className="event-group">
            <legend>{t(`groups.${group}`)}</legend>
            <div className="stack-sm">
              {EVENT_GROUPS[group].map((type) => (
                <label key={type} className="check check-top">
                  <input type="checkbox" checked={value.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                  <span>
                    {t(`events.${type}`)} <code className="muted small">{type}</code>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
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
