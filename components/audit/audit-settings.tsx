"use client";

import { useTimeZone, useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { useApiKeys } from "@/components/keys/use-api-keys";
import { useMe } from "@/components/me/use-me";
import { usePeople } from "@/components/people/use-people";
import { QueryStates } from "@/components/settings/query-states";
import { fullName } from "@/components/ui/format";
import { EmptyState } from "@/components/ui/states";
import { AuditEventRow, type FilterBy } from "./audit-event-row";
import { AuditFilterForm } from "./audit-filter-form";
import { apiFilters, FILTER_KEYS, filterParams, readFilters, type AuditFilters } from "./audit-filters";
import { useAuditEvents } from "./use-audit-events";

/**
 * Settings → Audit: the district's audit trail for administrators (an admin-kind role; the
 * settings permission is not enough, as GET /api/audit has it), newest first, "Load more" at
 * the end; filters in the URL so that a filtered view can be linked; the same events as a CSV.
 */
export function AuditSettings() {
  const t = useTranslations("audit");
  const me = useMe();
  if (!me.data) return null;
  if (!me.data.kinds.includes("admin")) {
    return (
      <section className="card">
        <EmptyState title={t("refused.title")}>{t("refused.text")}</EmptyState>
      </section>
    );
  }
  return <AuditTrail />;
}

function AuditTrail() {
  const t = useTranslations("audit");
  const timeZone = useTimeZone() ?? "UTC";
  // Typed nullable because the sign-in pages use the pages router; the app router always has them.
  const params = useSearchParams() ?? new URLSearchParams();
  const search = params.toString();
  const filters = useMemo(() => readFilters(new URLSearchParams(search)), [search]);
  const query = useMemo(() => apiFilters(filters, timeZone), [filters, timeZone]);
  const events = useAuditEvents(query);
  const people = usePeople();
  const keys = useApiKeys();

  // The URL holds the filters: Back returns to the view before, and the address can be shared.
  // history.pushState keeps Next's router and useSearchParams in step, given a state of its own
  // (null): Next's current state would tell it the entry is already its own, and it would not follow.
  const setFilters = useCallback((next: AuditFilters) => {
    const url = new URL(window.location.href);
    url.search = filterParams(next).toString();
    if (url.href !== window.location.href) window.history.pushState(null, "", url.href);
  }, []);
  const filterBy: FilterBy = (patch) => setFilters({ ...filters, ...patch });

  const personOptions = useMemo(
    () => (people.data ?? []).map((p) => ({ id: p.id, name: fullName(p) || p.email })).sort((a, b) => a.name.localeCompare(b.name)),
    [people.data],
  );
  const keyOptions = useMemo(() => (keys.data ?? []).map((k) => ({ id: k.id, name: k.name })), [keys.data]);
  const names = useMemo(
    () => ({ people: new Map(personOptions.map((p) => [p.id, p.name])), keys: new Map(keyOptions.map((k) => [k.id, k.name])) }),
    [personOptions, keyOptions],
  );

  const shown = events.data?.pages.flatMap((page) => page.events) ?? [];
  const filtering = FILTER_KEYS.some((k) => filters[k]);
  const csvHref = `/api/audit.csv${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ""}`;

  return (
    <section className="card" aria-labelledby="audit-title">
      <div className="card-head">
        <div>
          <h2 id="audit-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
        <a className="btn" href={csvHref} download title={t("downloadHint")}>
          {t("download")}
        </a>
      </div>
      <AuditFilterForm filters={filters} onChange={setFilters} people={personOptions} keys={keyOptions} />
      <QueryStates
        query={events}
        lines={6}
        errorTitle={t("couldNotLoad")}
        empty={shown.length === 0 && <EmptyState title={t("emptyTitle")}>{filtering ? t("emptyFiltered") : t("emptyAll")}</EmptyState>}
      >
        {() => (
          <>
            <div className="list-meta" aria-live="polite">
              <span>
                {t("shown", { count: shown.length })} · {events.hasNextPage ? t("moreAvailable") : t("allShown")}
              </span>
            </div>
            <div className="table-wrap">
              <table className="table table-stack audit-table">
                <thead>
                  <tr>
                    <th scope="col">{t("columns.when")}</th>
                    <th scope="col">{t("columns.who")}</th>
                    <th scope="col">{t("columns.action")}</th>
                    <th scope="col">{t("columns.record")}</th>
                    <th scope="col">{t("columns.changes")}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((event) => (
                    <AuditEventRow key={event.id} event={event} names={names} filterBy={filterBy} />
                  ))}
                </tbody>
              </table>
            </div>
            {events.hasNextPage && (
              <div className="audit-more">
                <button
                  type="button"
                  className="btn"
                  onClick={() => events.fetchNextPage()}
                  disabled={events.isFetchingNextPage}
                  aria-busy={events.isFetchingNextPage || undefined}
                >
                  {events.isFetchingNextPage && <span className="spinner spinner-sm" aria-hidden="true" />}
                  {t("loadMore")}
                </button>
              </div>
            )}
          </>
        )}
      </QueryStates>
    </section>
  );
}
