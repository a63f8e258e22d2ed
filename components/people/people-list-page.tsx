"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useDeferredValue, useMemo, useState } from "react";
import { hasPermission, seesAllPeople } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import type { Role } from "@/components/roles/role";
import { useRoles } from "@/components/roles/use-roles";
import { useTags } from "@/components/tags/use-tags";
import { Avatar } from "@/components/ui/avatar";
import { foldText, searchWords } from "@/components/ui/format";
import { EmptyState, ErrorState, SkeletonRows } from "@/components/ui/states";
import { useWindowList } from "@/components/ui/use-window-list";
import type { Person } from "./person-types";
import { roleNames } from "./role-summary";
import { usePeople } from "./use-people";

// Only once someone adds a person.
const NewPersonDialog = dynamic(() => import("./new-person-dialog").then((m) => m.NewPersonDialog));
const ImportPeopleDialog = dynamic(() => import("./import-people-dialog").then((m) => m.ImportPeopleDialog));

type Filters = { text: string; role: string; tag: string; archived: boolean };

/** GET /api/people.csv with the page's filters: the download holds what the list shows. */
function exportHref(f: Filters) {
  const params = new URLSearchParams();
  if (f.archived) params.set("archived", "true");
  if (f.role) params.set("role", f.role);
  if (f.tag) params.set("tag", f.tag);
  if (f.text.trim()) params.set("q", f.text.trim());
  const query = params.toString();
  return `/api/people.csv${query ? `?${query}` : ""}`;
}

/**
 * The whole list is fetched once; search and filters run in memory on a deferred copy of the
 * inputs (typing stays responsive with thousands of people) and only visible rows are rendered.
 * Staff filter the district by role and tag; a mentor's list is only their candidates.
 */
export function PeopleListPage() {
  const t = useTranslations("people");
  const me = useMe();
  const people = usePeople();
  const seesAll = seesAllPeople(me.data);
  const roles = useRoles();
  const tags = useTags();
  const [filters, setFilters] = useState<Filters>({ text: "", role: "", tag: "", archived: false });
  const deferred = useDeferredValue(filters);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canEdit = hasPermission(me.data, "people:edit");
  const myId = me.data?.person.id;

  const roleById = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r])), [roles.data]);
  const tagById = useMemo(() => new Map((tags.data ?? []).map((tag) => [tag.id, tag.name])), [tags.data]);

  // Mentors see themselves in the API's list; the page lists the others.
  const base = useMemo(() => {
    const all = people.data ?? [];
    return seesAll ? all : all.filter((p) => p.id !== myId);
  }, [people.data, seesAll, myId]);

  const index = useMemo(() => base.map((p) => ({ p, text: foldText(`${p.first} ${p.last} ${p.last} ${p.first} ${p.email}`) })), [base]);

  const visible = useMemo(() => {
    const words = searchWords(deferred.text);
    return index
      .filter(
        ({ p, text }) =>
          (deferred.archived || !p.archived) &&
          (!deferred.role || p.roles[deferred.role]) &&
          (!deferred.tag || p.tags.includes(deferred.tag)) &&
          words.every((w) => text.includes(w)),
      )
      .map(({ p }) => p);
  }, [index, deferred]);

  const activeCount = useMemo(() => base.filter((p) => !p.archived).length, [base]);
  const archivedHidden = filters.archived ? 0 : base.length - activeCount;
  const filtering = Boolean(filters.text || filters.role || filters.tag);
  const stale = deferred !== filters;
  const copy = seesAll ? "staff" : "mentor";

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t(`${copy}.title`)}</h1>
          <p>{t(`${copy}.lead`)}</p>
        </div>
        <div className="page-actions">
          <a className="btn" href={exportHref(filters)} download title={t("exportHint")}>
            {t("exportCsv")}
          </a>
          {canEdit && (
            <button type="button" className="btn" onClick={() => setImporting(true)}>
              {t("import")}
            </button>
          )}
          {canEdit && (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              <span aria-hidden="true">+</span> {t("new")}
            </button>
          )}
        </div>
      </div>

      <div className="card">
        <form className={`toolbar ${seesAll ? "" : "toolbar-short"}`} role="search" aria-label={t("filterLabel")} onSubmit={(e) => e.preventDefault()}>
          <label className="field search-field">
            <span className="field-label">{t("search")}</span>
            <input
              className="input"
              type="search"
              placeholder={t("searchPlaceholder")}
              value={filters.text}
              onChange={(e) => setFilters((f) => ({ ...f, text: e.target.value }))}
            />
          </label>
          {seesAll && (
            <>
              <label className="field">
                <span className="field-label">{t("role")}</span>
                <select className="select" value={filters.role} onChange={(e) => setFilters((f) => ({ ...f, role: e.target.value }))}>
                  <option value="">{t("allRoles")}</option>
                  {roles.data?.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span className="field-label">{t("tag")}</span>
                <select className="select" value={filters.tag} onChange={(e) => setFilters((f) => ({ ...f, tag: e.target.value }))}>
                  <option value="">{t("allTags")}</option>
                  {tags.data?.map((tag) => (
                    <option key={tag.id} value={tag.id}>
                      {tag.name}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          <label className="check">
            <input type="checkbox" checked={filters.archived} onChange={(e) => setFilters((f) => ({ ...f, archived: e.target.checked }))} />
            {t("showArchived")}
          </label>
        </form>

        {people.isPending ? (
          <SkeletonRows rows={8} />
        ) : people.isError ? (
          <ErrorState error={people.error} onRetry={() => people.refetch()} title={t("couldNotLoad")} />
        ) : (
          <>
            <div className="list-meta" aria-live="polite">
              <span>
                {visible.length === base.length ? t("count", { count: base.length }) : t("showing", { shown: visible.length, count: base.length })}
                {archivedHidden > 0 && t("archivedHidden", { count: archivedHidden })}
              </span>
              {filtering && (
                <button type="button" className="link-btn small" onClick={() => setFilters({ text: "", role: "", tag: "", archived: filters.archived })}>
                  {t("clearFilters")}
                </button>
              )}
            </div>
            {visible.length === 0 ? (
              base.length === 0 ? (
                <EmptyState
                  title={t(`${copy}.emptyTitle`)}
                  action={
                    canEdit ? (
                      <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                        {t("addFirst")}
                      </button>
                    ) : undefined
                  }
                >
                  {canEdit ? t("emptyEditor") : t(`${copy}.empty`)}
                </EmptyState>
              ) : (
                <EmptyState title={t("noMatch")}>{filters.archived ? t("noMatchText") : t("noMatchTextArchived")}</EmptyState>
              )
            ) : (
              <VirtualPeople people={visible} roleById={roleById} tagById={tagById} dimmed={stale} />
            )}
          </>
        )}
      </div>
      {creating && <NewPersonDialog onClose={() => setCreating(false)} />}
      {importing && <ImportPeopleDialog onClose={() => setImporting(false)} />}
    </>
  );
}

function VirtualPeople({
  people,
  roleById,
  tagById,
  dimmed,
}: {
  people: Person[];
  roleById: Map<string, Role>;
  tagById: Map<string, string>;
  dimmed: boolean;
}) {
  const t = useTranslations("people");
  const { listRef, totalHeight, rows, measure } = useWindowList(people, { rowHeight: 61, key: (p) => p.id });

  return (
    <ul ref={listRef} className="people-list" aria-label={t("listLabel")} style={{ height: totalHeight, opacity: dimmed ? 0.7 : 1 }}>
      {rows.map(({ item: p, key, top }) => {
        const names = roleNames(p.roles, roleById);
        return (
          <li key={key} data-key={key} ref={measure} className="person-row" style={{ transform: `translateY(${top}px)` }}>
            {/* Not prefetched: a person's page is rendered per request, and a phone scrolling a long list would ask for every row's. */}
            <Link href={`/people/${p.id}`} prefetch={false} className="person-link">
              <Avatar first={p.first} last={p.last} />
              <span className="person-name">
                {p.first} {p.last}
                {p.archived ? <span className="badge badge-warning">{t("archived")}</span> : null}
              </span>
              <span className="person-email">{p.email}</span>
              <span className="person-roles">
                {names.length ? names.join(", ") : <span className="muted">{t("noRole")}</span>}
                {p.tags.length > 0 && (
                  <span className="chips" style={{ marginTop: 4 }}>
                    {p.tags
                      .map((id) => tagById.get(id))
                      .filter(Boolean)
                      .map((name) => (
                        <span key={name} className="chip">
                          {name}
                        </span>
                      ))}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
