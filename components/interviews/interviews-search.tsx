"use client";

import { useTranslations } from "next-intl";
import type { Audience } from "@/components/me/audience";
import { FilterToolbar } from "@/components/ui/filter-toolbar";
import { useAddressFilters } from "@/components/ui/use-address-filters";
import { hasInterviewFilter, interviewFiltersQuery, NO_INTERVIEW_FILTERS, type InterviewFilters, type InterviewStatus } from "./interview-list-filters";

/**
 * The interviews list's toolbar: the candidate's name (not for candidates), the board and the
 * status (staff), and dates. Each change replaces the address's filters at `listPath`, and the
 * server renders the list (`children`) for them; the list is dimmed and marked busy meanwhile.
 */
export function InterviewsSearch({
  listPath,
  filters,
  audience,
  boards,
  summary,
  children,
}: {
  listPath: string;
  filters: InterviewFilters;
  audience: Audience;
  /** The boards to filter by, or null when the reader has none to choose. */
  boards: { id: string; name: string }[] | null;
  /** What the list holds ("12 interviews"), shown above it; null when it could not be loaded. */
  summary: string | null;
  children: React.ReactNode;
}) {
  const t = useTranslations("interviews");
  const { shown, text, type, show, pending } = useAddressFilters(filters, listPath, interviewFiltersQuery);

  return (
    <FilterToolbar
      className={`iv-toolbar iv-toolbar-${audience}`}
      label={t("filterLabel")}
      onSubmit={() => show({})}
      summary={summary}
      clear={hasInterviewFilter(shown) || text ? { label: t("clearFilters"), onClick: () => show(NO_INTERVIEW_FILTERS) } : null}
      pending={pending}
      fields={
        <>
          {audience !== "candidate" && (
            <label className="field iv-toolbar-search">
              <span className="field-label">{t("fields.candidate")}</span>
              <input className="input" type="search" name="q" placeholder={t("searchPlaceholder")} value={text} onChange={(e) => type(e.target.value)} />
            </label>
          )}
          {boards && (
            <label className="field">
              <span className="field-label">{t("fields.board")}</span>
              <select className="select" value={shown.board} onChange={(e) => show({ board: e.target.value })}>
                <option value="">{t("allBoards")}</option>
                {boards.map((b) => (
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
              <select className="select" value={shown.status} onChange={(e) => show({ status: e.target.value as InterviewStatus })}>
                <option value="">{t("allStatuses")}</option>
                <option value="published">{t("published")}</option>
                <option value="draft">{t("draft")}</option>
              </select>
            </label>
          )}
          <label className="field">
            <span className="field-label">{t("fields.from")}</span>
            <input className="input" type="date" value={shown.from} max={shown.to || undefined} onChange={(e) => show({ from: e.target.value })} />
          </label>
          <label className="field">
            <span className="field-label">{t("fields.to")}</span>
            <input className="input" type="date" value={shown.to} min={shown.from || undefined} onChange={(e) => show({ to: e.target.value })} />
          </label>
        </>
      }
    >
      {children}
    </FilterToolbar>
  );
}
