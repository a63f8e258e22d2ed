"use client";

import Link from "next/link";
import { useDeferredValue, useMemo, useState } from "react";
import { hasPermission, seesAllPeople, useMe } from "@/components/me/use-me";
import { useRoles, type Role } from "@/components/roles/use-roles";
import { useTags } from "@/components/tags/use-tags";
import { Avatar } from "@/components/ui/avatar";
import { foldText, searchWords } from "@/components/ui/format";
import { EmptyState, ErrorState, SkeletonRows } from "@/components/ui/states";
import { useWindowList } from "@/components/ui/use-window-list";
import { NewPersonDialog } from "./new-person-dialog";
import type { Person } from "./person-types";
import { roleNames } from "./role-summary";
import { usePeople } from "./use-people";

const countOf = (n: number) => `${n.toLocaleString()} ${n === 1 ? "person" : "people"}`;

type Filters = { text: string; role: string; tag: string; archived: boolean };

/**
 * The whole list is fetched once; search and filters run in memory on a deferred copy of the
 * inputs (typing stays responsive with thousands of people) and only visible rows are rendered.
 */
export function PeopleListPage() {
  const me = useMe();
  const people = usePeople();
  const roles = useRoles();
  const tags = useTags();
  const [filters, setFilters] = useState<Filters>({ text: "", role: "", tag: "", archived: false });
  const deferred = useDeferredValue(filters);
  const [creating, setCreating] = useState(false);
  const canEdit = hasPermission(me.data, "people:edit");
  const seesAll = seesAllPeople(me.data);
  const myId = me.data?.person.id;

  const roleById = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r])), [roles.data]);
  const tagById = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t.name])), [tags.data]);

  // Mentors and candidates see themselves in the API's list; the page lists the others.
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
  const filtering = Boolean(filters.text || filters.role || filters.tag);
  const stale = deferred !== filters;
  const title = seesAll ? "People" : me.data?.kinds.includes("mentor") ? "Your candidates" : "People";

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{title}</h1>
          <p>
            {seesAll
              ? "Everyone in your district: candidates, mentors, board members and staff."
              : me.data?.kinds.includes("mentor")
                ? "The candidates assigned to you."
                : "The people you can see."}
          </p>
        </div>
        {canEdit && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <span aria-hidden="true">+</span> New person
          </button>
        )}
      </div>

      <div className="card">
        <form className="toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
          <label className="field search-field">
            <span className="field-label">Search</span>
            <input
              className="input"
              type="search"
              placeholder="Name or e-mail"
              value={filters.text}
              onChange={(e) => setFilters((f) => ({ ...f, text: e.target.value }))}
            />
          </label>
          <label className="field">
            <span className="field-label">Role</span>
            <select className="select" value={filters.role} onChange={(e) => setFilters((f) => ({ ...f, role: e.target.value }))}>
              <option value="">All roles</option>
              {roles.data?.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Tag</span>
            <select className="select" value={filters.tag} onChange={(e) => setFilters((f) => ({ ...f, tag: e.target.value }))}>
              <option value="">All tags</option>
              {tags.data?.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <label className="check">
            <input type="checkbox" checked={filters.archived} onChange={(e) => setFilters((f) => ({ ...f, archived: e.target.checked }))} />
            Show archived
          </label>
        </form>

        {people.isPending ? (
          <SkeletonRows rows={8} />
        ) : people.isError ? (
          <ErrorState error={people.error} onRetry={() => people.refetch()} title="Could not load people" />
        ) : (
          <>
            <div className="list-meta" aria-live="polite">
              <span>
                {visible.length === base.length ? countOf(base.length) : `Showing ${visible.length} of ${countOf(base.length)}`}
                {!filters.archived && base.length > activeCount ? ` · ${base.length - activeCount} archived hidden` : ""}
              </span>
              {filtering && (
                <button type="button" className="link-btn small" onClick={() => setFilters({ text: "", role: "", tag: "", archived: filters.archived })}>
                  Clear filters
                </button>
              )}
            </div>
            {visible.length === 0 ? (
              base.length === 0 ? (
                <EmptyState
                  title={seesAll ? "No people yet" : "Nobody to show yet"}
                  action={
                    canEdit ? (
                      <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
                        Add the first person
                      </button>
                    ) : undefined
                  }
                >
                  {canEdit
                    ? "Add the people of your district to start their credentialing."
                    : seesAll
                      ? "People appear here once your district office adds them."
                      : "Candidates appear here once the district office assigns them to you."}
                </EmptyState>
              ) : (
                <EmptyState title="No one matches">Try another name, or clear the role and tag filters{filters.archived ? "" : ", or show archived people"}.</EmptyState>
              )
            ) : (
              <VirtualPeople people={visible} roleById={roleById} tagById={tagById} dimmed={stale} />
            )}
          </>
        )}
      </div>
      {canEdit && <NewPersonDialog open={creating} onClose={() => setCreating(false)} />}
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
  const { listRef, virtualizer } = useWindowList(people, { rowHeight: 61, key: (p) => p.id });

  return (
    <ul
      ref={listRef}
      className="people-list"
      aria-label="People"
      style={{ height: virtualizer.getTotalSize(), opacity: dimmed ? 0.7 : 1 }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const p = people[item.index];
        const names = roleNames(p.roles, roleById);
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="person-row"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <Link href={`/people/${p.id}`} className="person-link">
              <Avatar first={p.first} last={p.last} />
              <span className="person-name">
                {p.first} {p.last}
                {p.archived ? <span className="badge badge-warning">Archived</span> : null}
              </span>
              <span className="person-email">{p.email}</span>
              <span className="person-roles">
                {names.length ? names.join(", ") : <span className="muted">No role</span>}
                {p.tags.length > 0 && (
                  <span className="chips" style={{ marginTop: 4 }}>
                    {p.tags.map((t) => tagById.get(t)).filter(Boolean).map((name) => (
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
