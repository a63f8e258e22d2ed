"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { useBoards } from "@/components/boards/use-boards";
import { useForms } from "@/components/forms/use-forms";
import type { Audience } from "@/components/me/audience";
import { hasPermission, type Me } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import { usePeople } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { foldText, fullName, searchWords } from "@/components/ui/format";
import { EmptyState, ErrorState, SkeletonRows } from "@/components/ui/states";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useWindowList } from "@/components/ui/use-window-list";
import type { InterviewSummary } from "./interview-types";
import { useInterviews } from "./use-interviews";

// Only once someone starts an interview.
const NewInterviewDialog = dynamic(() => import("./new-interview-dialog").then((m) => m.NewInterviewDialog));

type Status = "" | "published" | "draft";
type Filters = { q: string; board: string; status: Status; from: string; to: string };
const NO_FILTERS: Filters = { q: "", board: "", status: "", from: "", to: "" };
const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof Filters)[];

function readFilters(params: URLSearchParams, defaults: Partial<Filters> | undefined): Filters {
  if (defaults && !FILTER_KEYS.some((k) => params.has(k))) return { ...NO_FILTERS, ...defaults };
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

/** Whose interviews the list holds: staff see every one, drafts included; others the published ones they may read. */
function listAudience(me: Me | undefined): Audience {
  if (!me || me.sees_all_interviews) return "staff";
  return me.kinds.includes("mentor") ? "mentor" : "candidate";
}

/**
 * All interviews the caller may see are fetched once (list shape, no answers); filters run
 * in memory on a deferred copy and only visible rows are rendered, so thousands stay fast.
 * Filters live in the URL query (`q`, `board`, `status`, `from`, `to`) for sharing;
 * `?new=<personId>` opens the new-interview dialog for that person.
 *
 * With `defaults` (a start page at `/`: a board member's drafts), the list starts with those
 * filters and leaves the URL alone: `/` stays the start page, and a filtered list to share is
 * the one at /interviews.
 */
export function InterviewsListPage({ defaults }: { defaults?: Partial<Filters> } = {}) {
  const t = useTranslations("interviews");
  // Typed nullable because the sign-in pages use the pages router; the app router always has them.
  const params = useSearchParams() ?? new URLSearchParams();
  const me = useMe();
  const interviews = useInterviews();
  const people = usePeople();
  const boards = useBoards();
  const profiles = useProfiles();
  const forms = useForms();
  const [filters, setFilters] = useState<Filters>(() => readFilters(params, defaults));
  const deferred = useDeferredValue(filters);
  const canEdit = hasPermission(me.data, "interviews:edit");
  const [creating, setCreating] = useState<{ personId: string | null } | null>(() => (params.has("new") ? { personId: params.get("new") || null } : null));
  const audience = listAudience(me.data);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  // Mirror the filters into the URL without a navigation (history.replaceState keeps Next's router in sync).
  const mirrorsUrl = !defaults;
  useEffect(() => {
    if (!mirrorsUrl) return;
    const url = new URL(window.location.href);
    for (const k of FILTER_KEYS) {
      if (filters[k]) url.searchParams.set(k, filters[k]);
      else url.searchParams.delete(k);
    }
    if (!creating) url.searchParams.delete("new");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  }, [filters, creating, mirrorsUrl]);

  const names = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, fullName(p)])), [people.data]);
  const boardNames = useMemo(() => new Map((boards.data ?? []).map((b) => [b.id, b.name])), [boards.data]);
  const profileNames = useMemo(() => new Map((profiles.data ?? []).map((p) => [p.id, p.name])), [profiles.data]);
  const formNames = useMemo(() => new Map((forms.data ?? []).map((f) => [f.id, f.name])), [forms.data]);

  const rows = useMemo<Row[]>(
    () =>
      (interviews.data ?? []).map((i) => {
        const name = names.get(i.person_id) ?? t("unknownPerson");
        return {
          i,
          name,
          board: i.board_id ? (boardNames.get(i.board_id) ?? t("unknownBoard")) : null,
          profile: i.profile_id ? (profileNames.get(i.profile_id) ?? null) : null,
          form: i.form_id ? (formNames.get(i.form_id) ?? null) : null,
          text: foldText(name),
        };
      }),
    [interviews.data, names, boardNames, profileNames, formNames, t],
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
          <h1>{t(`${audience}.title`)}</h1>
          <p>{t(`${audience}.lead`)}</p>
        </div>
        {canEdit && newButton(t("new"))}
      </div>

      <div className="card">
        <form className={`iv-toolbar iv-toolbar-${audience}`} role="search" aria-label={t("filterLabel")} onSubmit={(e) => e.preventDefault()}>
          {audience !== "candidate" && (
            <label className="field iv-toolbar-search">
              <span className="field-label">{t("fields.candidate")}</span>
              <input className="input" type="search" placeholder={t("searchPlaceholder")} value={filters.q} onChange={(e) => set({ q: e.target.value })} />
            </label>
          )}
          {audience === "staff" && (boards.data?.length ?? 0) > 0 && (
            <label className="field">
              <span className="field-label">{t("fields.board")}</span>
              <select className="select" value={filters.board} onChange={(e) => set({ board: e.target.value })}>
                <option value="">{t("allBoards")}</option>
                {boards.data?.map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
                <option value="none">{t("noBoard")}</option>
              </select>
            </label>
          )}
          {audience === "staff" && (
            <label className="field">
              <span className="field-label">{t("fields.status")}</span>
              <select className="select" value={filters.status} onChange={(e) => set({ status: e.target.value as Status })}>
                <option value="">{t("allStatuses")}</option>
                <option value="published">{t("published")}</option>
                <option value="draft">{t("draft")}</option>
              </select>
            </label>
          )}
          <label className="field">
            <span className="field-label">{t("fields.from")}</span>
            <input className="input" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} />
          </label>
          <label className="field">
            <span className="field-label">{t("fields.to")}</span>
            <input className="input" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} />
          </label>
        </form>

        {interviews.isPending ? (
          <SkeletonRows rows={8} />
        ) : interviews.isError ? (
          <ErrorState error={interviews.error} onRetry={() => interviews.refetch()} title={t("couldNotLoad")} />
        ) : (
          <>
            <div className="list-meta" aria-live="polite">
              <span>
                {visible.length === rows.length ? t("count", { count: rows.length }) : t("showing", { shown: visible.length, count: rows.length })}
                {audience === "staff" && drafts > 0 && !filters.status && t("draftCount", { count: drafts })}
              </span>
              {filtering && (
                <button type="button" className="link-btn small" onClick={() => setFilters(NO_FILTERS)}>
                  {t("clearFilters")}
                </button>
              )}
            </div>
            {rangeWrong && (
              <p className="notice iv-inline-notice" role="alert">
                {t("rangeWrong")}
              </p>
            )}
            {visible.length === 0 ? (
              rows.length === 0 ? (
                <EmptyState title={t(`${audience}.emptyTitle`)} action={canEdit ? newButton(t("startFirst")) : undefined}>
                  {canEdit ? t("emptyEditor") : t(`${audience}.empty`)}
                </EmptyState>
              ) : (
                <EmptyState title={t("noMatch")}>
                  {t.rich("noMatchText", {
                    clear: (chunks) => (
                      <button type="button" className="link-btn" onClick={() => setFilters(NO_FILTERS)}>
                        {chunks}
                      </button>
                    ),
                  })}
                </EmptyState>
              )
            ) : (
              <VirtualInterviews rows={visible} dimmed={stale} audience={audience} />
            )}
          </>
        )}
      </div>
      {canEdit && creating && <NewInterviewDialog personId={creating.personId} onClose={() => setCreating(null)} />}
    </>
  );
}

function VirtualInterviews({ rows, dimmed, audience }: { rows: Row[]; dimmed: boolean; audience: Audience }) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const { listRef, totalHeight, rows: shown, measure } = useWindowList(rows, { rowHeight: 62, key: (row) => row.i.id });

  return (
    <>
      <div className="iv-row-head" aria-hidden="true">
        <span>{audience === "candidate" ? t("fields.interview") : t("fields.candidate")}</span>
        <span>{t("fields.date")}</span>
        <span>{t("fields.board")}</span>
        <span>{t("fields.profileAndForm")}</span>
        <span>{t("fields.status")}</span>
      </div>
      <ul ref={listRef} className="iv-list" aria-label={t("title")} style={{ height: totalHeight, opacity: dimmed ? 0.7 : 1 }}>
        {shown.map(({ item: { i, name, board, profile, form }, key, top }) => {
          return (
            <li key={key} data-key={key} ref={measure} className="iv-row" style={{ transform: `translateY(${top}px)` }}>
              {/* Not prefetched: an interview is rendered per request, and a phone scrolling a long list would ask for every row's. */}
              <Link href={`/interviews/${encodeURIComponent(i.person_id)}/${encodeURIComponent(i.id)}`} prefetch={false} className="iv-row-link">
                <span className="iv-row-name">{name}</span>
                <span className="iv-row-date">
                  <time dateTime={i.date}>{format.day(i.date)}</time>
                </span>
                <span className="iv-row-board">{board ?? <span className="muted">{t("noBoard")}</span>}</span>
                <span className="iv-row-form">
                  {profile || form ? (
                    <>
                      {profile && <span>{profile}</span>}
                      {form && form !== profile && <span className={profile ? "muted small" : undefined}>{form}</span>}
                    </>
                  ) : (
                    <span className="muted">{t("noForm")}</span>
                  )}
                </span>
                <span className="iv-row-status">
                  {i.published ? <span className="badge badge-success">{t("published")}</span> : <span className="badge badge-warning">{t("draft")}</span>}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
