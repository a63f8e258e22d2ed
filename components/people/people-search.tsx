"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { FilterToolbar } from "@/components/ui/filter-toolbar";
import { useAddressFilters } from "@/components/ui/use-address-filters";
import { hasPeopleFilter, peopleFiltersQuery, type PeopleFilters } from "./people-list-filters";

type Option = { id: string; name: string };

/**
 * The people list's search box and filters. Each change replaces the address's filters, and the
 * server renders the list (`children`) for them; the list is dimmed and marked busy meanwhile.
 * `roles` and `tags` are null for a reader who may not filter by them (a mentor).
 */
export function PeopleSearch({
  filters,
  roles,
  tags,
  summary,
  children,
}: {
  filters: PeopleFilters;
  roles: Option[] | null;
  tags: Option[] | null;
  /** What the list holds ("12 people"), shown above it; null when it could not be loaded. */
  summary: string | null;
  children: React.ReactNode;
}) {
  const t = useTranslations("people");
  const { shown, text, type, show, pending } = useAddressFilters(filters, usePathname() ?? "/people", peopleFiltersQuery);

  return (
    <FilterToolbar
      className={`toolbar ${roles ? "" : "toolbar-short"}`}
      label={t("filterLabel")}
      onSubmit={() => show({})}
      summary={summary}
      clear={hasPeopleFilter(shown) || text ? { label: t("clearFilters"), onClick: () => show({ q: "", role: "", tag: "" }) } : null}
      pending={pending}
      fields={
        <>
          <label className="field toolbar-search">
            <span className="field-label">{t("search")}</span>
            <input className="input" type="search" name="q" placeholder={t("searchPlaceholder")} value={text} onChange={(e) => type(e.target.value)} />
          </label>
          {roles && (
            <label className="field">
              <span className="field-label">{t("role")}</span>
              <select className="select" value={shown.role} onChange={(e) => show({ role: e.target.value })}>
                <option value="">{t("allRoles")}</option>
                {roles.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {tags && (
            <label className="field">
              <span className="field-label">{t("tag")}</span>
              <select className="select" value={shown.tag} onChange={(e) => show({ tag: e.target.value })}>
                <option value="">{t("allTags")}</option>
                {tags.map((tag) => (
                  <option key={tag.id} value={tag.id}>
                    {tag.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="check">
            <input type="checkbox" checked={shown.archived} onChange={(e) => show({ archived: e.target.checked })} />
            {t("showArchived")}
          </label>
        </>
      }
    >
      {children}
    </FilterToolbar>
  );
}
