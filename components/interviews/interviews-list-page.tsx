"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { useBoards } from "@/components/boards/use-boards";
import { useForms } from "@/components/forms/use-forms";
import { hasPermission, useMe, type Me } from "@/components/me/use-me";
import { usePeople } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { foldText, fullName, searchWords } from "@/components/ui/format";
import { EmptyState, ErrorState, SkeletonRows } from "@/components/ui/states";
import { useWindowList } from "@/components/ui/use-window-list";
import { formatDay } from "./interview-format";
import type { InterviewSummary } from "./interview-types";
import { NewInterviewDialog } from "./new-interview-dialog";
import { useInterviews } from "./use-interviews";

const countOf = (n: number) => `${n.toLocaleString()} ${n === 1 ? "interview" : "interviews"}`;

type Status = "" | "published" | "draft";
type Filters = { q: string; board: string; status: Status; from: string; to: string };
const NO_FILTERS: Filters = { q: "", board: "", status: "", from: "", to: "" };
const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof Filters)[];

function readFilters(params: URLSearchParams): Filters {
  const status = params.get("status");
  return {
    q: params.get("q") ?? "",
    board: params.get("board") ?? "",
    status: status === "published" || status === "draft" ? status : "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
}

/** Row as shown: the interview with the names it refers to, and text to search. */
type Row = { i: InterviewSummary; name: string; board: string | null; profile: string | null; form: string | null; text: string };

type Audience = "staff" | "mentor" | "candidate";

function audienceOf(me: Me | undefined): Audience {
  if (!me || me.sees_all_interviews) return "staff";
  return me.kinds.includes("mentor") ? "mentor" : "candidate";
}

const COPY: Record<Audience, { title: string; lead: string; emptyTitle: string; empty: string }> = {
  staff: {
    title: "Interviews",
    lead: "Every interview of your district, drafts included. Newest first.",
    emptyTitle: "No interviews yet",
    empty: "Interviews of your candidates will be listed here.",
  },
  mentor: {
    title: "Your candidates' interviews",
    lead: "Interviews of the candidates assigned to you, once the board publishes them.",
    emptyTitle: "Nothing published yet",
    empty: "Your candidates' interviews appear here once the board publishes them.",
  },
  candidate: {
    title: "Your interviews",
    lead: "Your credential interviews, once the board publishes them.",
    emptyTitle: "Nothing published yet",
    empty: "Your interviews appear here once the board publishes them.",
  },
};

/**
 * All interviews the caller may see are fetched once (list shape, no answers); filters run
 * in memory on a deferred copy and only visible rows are rendered, so thousands stay fast.
 * Filters live in the URL query (`q`, `board`, `status`, `from`, `to`) for sharing;
 * `?new=<personId>` opens the new-interview dialog for that person.
 */
export function InterviewsListPage() {
  const params = useSearchParams();
  const me = useMe();
  const interviews = useInterviews();
  const people = usePeople();
  const boards = useBoards();
  const profiles = useProfiles();
  const forms = useForms();
  const [filters, setFilters] = useState<Filters>(() => readFilters(params));
  const deferred = useDeferredValue(filters);
  const canEdit = hasPermission(me.data, "interviews:edit");
  const [creating, setCreating] = useState<{ personId: string | null } | null>(() => (params.has("new") ? { personId: params.get("new") || null } : null));
  const audience = audienceOf(me.data);
  const copy = COPY[audience];
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  // Mirror the filters into the URL without a navigation (history.replaceState keeps Next's router in sync).
  useEffect(() => {
    const url = new URL(window.location.href);
    for (const k of FILTER_KEYS) {
      if (filters[k]) url.searchParams.set(k, filters[k]);
      else url.searchParams.delete(k);
    }
    if (!creating) url.searchParams.delete("new");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }, [filters, creating]);

  const names = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, fullName(p)])), [people.data]);
  const boardNames = useMemo(() => new Map((boards.data ?? []).map((b) => [b.id, b.name])), [boards.data]);
  const profileNames = useMemo(() => new Map((profiles.data ?? []).map((p) => [p.id, p.name])), [profiles.data]);
  const formNames = useMemo(() => new Map((forms.data ?? []).map((f) => [f.id, f.name])), [forms.data]);

  const rows = useMemo<Row[]>(
    () =>
      (interviews.data ?? []).map((i) => {
        const name = names.get(i.person_id) ?? "Unknown person";
        return {
          i,
          name,
          board: i.board_id ? (boardNames.get(i.board_id) ?? "Unknown board") : null,
          profile: i.profile_id ? (profileNames.get(i.profile_id) ?? null) : null,
          form: i.form_id ? (formNames.get(i.form_id) ?? null) : null,
          text: foldText(name),
        };
      }),
    [interviews.data, names, boardNames, profileNames, formNames],
  );

  const visible = useMemo(() => {
    const words = searchWords(deferred.q);
    return rows.filter(
      ({ i, text }) =>
        (!deferred.board || (deferred.board === "none" ? !i.board_id : i.board_id === deferred.board)) &&
        (!deferred.status || (deferred.status === "published") === (i.published === 1)) &&
        (!deferred.from || i.date >= deferred.from) &&
        (!deferred.to || i.date <= deferred.to) &&
        words.every((w) => text.includes(w)),
    );
  }, [rows, deferred]);

  const drafts = useMemo(() => rows.filter((r) => !r.i.published).length, [rows]);
  const filtering = FILTER_KEYS.some((k) => filters[k]);
  const stale = deferred !== filters;
  const rangeWrong = Boolean(filters.from && filters.to && filters.from > filters.to);

  const newButton = (label: string) => (
    <button type="button" className="btn btn-primary" onClick={() => setCreating({ personId: null })}>
      <span aria-hidden="true">+</span> {label}
    </button>
  );

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{copy.title}</h1>
          <p>{copy.lead}</p>
        </div>
        {canEdit && newButton("New interview")}
      </div>

      <div className="card">
        <form className={`iv-toolbar ${audience === "staff" && (boards.data?.length ?? 0) > 0 ? "" : "iv-toolbar-short"}`} role="search" aria-label="Filter interviews" onSubmit={(e) => e.preventDefault()}>
          <label className="field iv-toolbar-search">
            <span className="field-label">Candidate</span>
            <input
              className="input"
              type="search"
              placeholder="Search by name"
              value={filters.q}
              onChange={(e) => set({ q: e.target.value })}
            />
          </label>
          {(boards.data?.length ?? 0) > 0 && (
            <label className="field">
              <span className="field-label">Board</span>
              <select className="select" value={filters.board} onChange={(e) => set({ board: e.target.value })}>
                <option value="">All boards</option>
                {boards.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
                <option value="none">No board</option>
              </select>
            </label>
          )}
          {audience === "staff" && (
            <label className="field">
              <span className="field-label">Status</span>
              <select className="select" value={filters.status} onChange={(e) => set({ status: e.target.value as Status })}>
                <option value="">All</option>
                <option value="published">Published</option>
                <option value="draft">Draft</option>
              </select>
            </label>
          )}
          <label className="field">
            <span className="field-label">From</span>
            <input className="input" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className="field">
            <span className="field-label">To</span>
            <input className="input" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </form>

        {interviews.isPending ? (
          <SkeletonRows rows={8} />
        ) : interviews.isError ? (
          <ErrorState error={interviews.error} onRetry={() => interviews.refetch()} title="Could not load interviews" />
        ) : (
          <>
            <div className="list-meta" aria-live="polite">
              <span>
                {visible.length === rows.length ? countOf(rows.length) : `Showing ${visible.length.toLocaleString()} of ${countOf(rows.length)}`}
                {audience === "staff" && drafts > 0 && !filters.status ? ` · ${drafts.toLocaleString()} draft${drafts === 1 ? "" : "s"}` : ""}
              </span>
              {filtering && (
                <button type="button" className="link-btn small" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </button>
              )}
            </div>
            {rangeWrong && (
              <p className="notice iv-inline-notice" role="alert">
                “From” is after “To”: no day is in that range.
              </p>
            )}
            {visible.length === 0 ? (
              rows.length === 0 ? (
                <EmptyState title={copy.emptyTitle} action={canEdit ? newButton("Start the first interview") : undefined}>
                  {canEdit ? "Start an interview for a candidate with “New interview”." : copy.empty}
                </EmptyState>
              ) : (
                <EmptyState title="No interviews match">
                  Try another name or dates, or{" "}
                  <button type="button" className="link-btn" onClick={() => setFilters(NO_FILTERS)}>
                    clear the filters
                  </button>
                  .
                </EmptyState>
              )
            ) : (
              <VirtualInterviews rows={visible} dimmed={stale} />
            )}
          </>
        )}
      </div>
      {canEdit && (
        <NewInterviewDialog open={creating !== null} personId={creating?.personId} onClose={() => setCreating(null)} />
      )}
    </>
  );
}

function VirtualInterviews({ rows, dimmed }: { rows: Row[]; dimmed: boolean }) {
  const { listRef, virtualizer } = useWindowList(rows, { rowHeight: 62, key: (row) => row.i.id });

  return (
    <>
      <div className="iv-row-head" aria-hidden="true">
        <span>Candidate</span>
        <span>Date</span>
        <span>Board</span>
        <span>Profile · form</span>
        <span>Status</span>
      </div>
      <ul ref={listRef} className="iv-list" aria-label="Interviews" style={{ height: virtualizer.getTotalSize(), opacity: dimmed ? 0.7 : 1 }}>
        {virtualizer.getVirtualItems().map((item) => {
          const { i, name, board, profile, form } = rows[item.index];
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="iv-row"
              style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            >
              <Link href={`/interviews/${encodeURIComponent(i.person_id)}/${encodeURIComponent(i.id)}`} className="iv-row-link">
                <span className="iv-row-name">{name}</span>
                <span className="iv-row-date">
                  <time dateTime={i.date}>{formatDay(i.date)}</time>
                </span>
                <span className="iv-row-board">{board ?? <span className="muted">No board</span>}</span>
                <span className="iv-row-form">
                  {profile || form ? (
                    <>
                      {profile && <span>{profile}</span>}
                      {form && form !== profile && <span className={profile ? "muted small" : undefined}>{form}</span>}
                    </>
                  ) : (
                    <span className="muted">No form</span>
                  )}
                </span>
                <span className="iv-row-status">
                  {i.published ? <span className="badge badge-success">Published</span> : <span className="badge badge-warning">Draft</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
