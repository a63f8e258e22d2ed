"use client";

import { useTranslations } from "next-intl";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { AuditChanges } from "./audit-changes";
import type { AuditFilters } from "./audit-filters";
import type { AuditEvent } from "./use-audit-events";

type Names = { people: Map<string, string>; keys: Map<string, string> };

/** Filters to narrow the list to: each id in a row is a button that filters by it. */
export type FilterBy = (patch: Partial<AuditFilters>) => void;

/** The action in the reader's words, else its name as recorded (an action added since). */
function useActionWords() {
  const t = useTranslations("audit");
  return (event: AuditEvent) => (t.has(`actions.${event.action}`) ? t(`actions.${event.action}`) : event.action);
}

/** Through what, when the actor's kind does not say it already (a job's queue; a via of another form). */
function useVia() {
  const t = useTranslations("audit");
  return (via: string | null) => {
    if (!via || /^(session|key|ops)(:|$)/.test(via)) return null;
    return via.startsWith("job:") ? t("via.job", { queue: via.slice(4) }) : t("via.other", { via });
  };
}

/** One event of the trail as a table row (stacked on phones). */
export function AuditEventRow({ event, names, filterBy }: { event: AuditEvent; names: Names; filterBy: FilterBy }) {
  const t = useTranslations("audit");
  const format = useDisplayFormat();
  const actionWords = useActionWords();
  const viaWords = useVia();
  const { actor } = event;
  const known = actor.id ? (actor.type === "key" ? names.keys.get(actor.id) : names.people.get(actor.id)) : undefined;
  // A redacted event names nobody: its actor's name was erased with the person it was about.
  const actorName = event.redacted ? t("redacted") : (actor.name ?? known ?? t(`actorTypes.${actor.type}`));
  const personName = event.person_id ? (names.people.get(event.person_id) ?? event.person_id) : null;
  const recordType = t.has(`recordTypes.${event.record_type}`) ? t(`recordTypes.${event.record_type}`) : event.record_type;
  const via = viaWords(event.via);

  return (
    <tr>
      <td data-label={t("columns.when")} className="audit-when">
        <time dateTime={new Date(event.at).toISOString()}>{format.moment(event.at, true)}</time>
      </td>
      <td data-label={t("columns.who")}>
        <div className="audit-cell">
          {actor.id ? (
            <button type="button" className="link-btn" title={t("filterByActor", { name: actorName })} onClick={() => filterBy({ actor: actor.id! })}>
              {actorName}
            </button>
          ) : (
            <span>{actorName}</span>
          )}
          <span className="muted small">
            {t(`actorTypes.${actor.type}`)}
            {via && <> · {via}</>}
          </span>
        </div>
      </td>
      <td data-label={t("columns.action")}>
        <button type="button" className="link-btn audit-action" onClick={() => filterBy({ action: event.action })}>
          {actionWords(event)}
        </button>
      </td>
      <td data-label={t("columns.record")}>
        <div className="audit-cell">
          <span>
            {recordType}
            {event.record_id && (
              <>
                {" "}
                <button
                  type="button"
                  className="link-btn mono audit-id"
                  title={t("filterByRecord", { type: recordType.toLowerCase() })}
                  onClick={() => filterBy({ record_type: event.record_type, record_id: event.record_id! })}
                >
                  {event.record_id}
                </button>
              </>
            )}
          </span>
          {event.person_id && personName && (
            <span className="small">
              {t.rich("about", {
                name: personName,
                person: (chunks) => (
                  <button
                    type="button"
                    className="link-btn"
                    title={t("filterByPerson", { name: personName })}
                    onClick={() => filterBy({ person: event.person_id! })}
                  >
                    {chunks}
                  </button>
                ),
              })}
            </span>
          )}
        </div>
      </td>
      <td data-label={t("columns.changes")} className="audit-changes-cell">
        <AuditChanges event={event} />
      </td>
    </tr>
  );
}
