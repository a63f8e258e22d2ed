"use client";

import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useOptimistic, useRef, useState, useTransition } from "react";
import { hasPeopleFilter, peopleFiltersQuery, type PeopleFilters } from "./people-list-filters";

type Option = { id: string; name: string };

/** How long typing pauses before the list is asked for again: one request for a word, not one a letter. */
const TYPING_PAUSE_MS = 250;

/**
 * The people list's search box and filters. Each change replaces the address's filters, and the
 * server renders the list (`children`) for them; the list is dimmed and marked busy meanwhile.
 * The box keeps what is typed while the answers come. `roles` and `tags` are null for a
 * reader who may not filter by them (a mentor).
 */
export function PeopleSearch({
  filters,
  roles,
  tags,
  summary,
  children,
}: {
  filters: PeopleFilters;
  /** What the list holds ("12 people"), shown above it; null when it could not be loaded. */
  summary: string | null;
  roles: Option[] | null;
  tags: Option[] | null;
  children: React.ReactNode;
}) {
  const t = useTranslations("people");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  // The controls show a change at once; the address, and the list, follow when the server answers.
  const [shown, setShown] = useOptimistic(filters);
  const [text, setText] = useState(filters.q);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);

  // A change of filters starts again at the first page.
  const show = (change: Partial<PeopleFilters>) => {
    clearTimeout(typing.current);
    const next = { ...shown, q: text, ...change, after: "" };
    startTransition(() => {
      setShown(next);
      router.replace(`${pathname}${peopleFiltersQuery(next)}`, { scroll: false });
    });
  };
  const type = (value: string) => {
    setText(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => show({ q: value }), TYPING_PAUSE_MS);
  };

  return (
    <>
      <form
        className={`toolbar ${roles ? "" : "toolbar-short"}`}
        role="search"
        aria-label={t("filterLabel")}
        onSubmit={(e) => {
          e.preventDefault();
          show({});
        }}
      >
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
      </form>
      {summary !== null && (
        <div className="list-meta" aria-live="polite">
          <span>{summary}</span>
          {(hasPeopleFilter(shown) || text) && (
            <button
              type="button"
              className="link-btn small"
              onClick={() => {
                setText("");
                show({ q: "", role: "", tag: "" });
              }}
            >
              {t("clearFilters")}
            </button>
          )}
        </div>
      )}
      <div aria-busy={pending} style={{ opacity: pending ? 0.7 : 1 }}>
        {children}
      </div>
    </>
  );
}
