"use client";

import { useTranslations } from "next-intl";
import { useClock } from "@/components/audio/use-clock";
import { SearchSnippet } from "./search-snippet";
import type { SearchResult } from "./use-search";

/** The groups, in the order they are shown (and walked with ↑ / ↓). */
const GROUP_ORDER: SearchResult["type"][] = ["person", "interview", "recording", "message", "file"];

export type ResultGroup = { type: SearchResult["type"]; items: { result: SearchResult; index: number }[] };

/** The results by type, in GROUP_ORDER, each with its place in the one list ↑ / ↓ walk through. */
export function groupResults(results: SearchResult[]): ResultGroup[] {
  let index = 0;
  return GROUP_ORDER.map((type) => ({ type, items: results.filter((r) => r.type === type) }))
    .filter((g) => g.items.length)
    .map((g) => ({ type: g.type, items: g.items.map((result) => ({ result, index: index++ })) }));
}

/**
 * The listbox of the palette's combobox: a group per type (its heading with its count), an
 * option per result (the one at `active` is selected: aria-activedescendant points at it).
 * Options are not focusable; the input keeps the focus, as the combobox pattern has it.
 */
export function SearchResults({
  id,
  groups,
  active,
  optionId,
  onHover,
  onOpen,
}: {
  id: string;
  groups: ResultGroup[];
  active: number;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onOpen: (result: SearchResult) => void;
}) {
  const t = useTranslations("search");
  const { clock } = useClock();
  return (
    <div role="listbox" id={id} aria-label={t("results")} className="search-listbox">
      {groups.map((group) => (
        <div key={group.type} role="group" aria-labelledby={`${id}-${group.type}`} className="search-group">
          <div role="presentation" id={`${id}-${group.type}`} className="search-group-head">
            {t(`groups.${group.type}`)} <span className="search-group-count">{t("groupCount", { count: group.items.length })}</span>
          </div>
          {group.items.map(({ result, index }) => (
            <div
              key={`${result.type}:${result.id}:${result.at_ms ?? ""}:${index}`}
              role="option"
              id={optionId(index)}
              aria-selected={index === active}
              className="search-option"
              onMouseMove={() => index !== active && onHover(index)}
              onClick={() => onOpen(result)}
            >
              <span className="search-option-title">
                {result.title}
                {result.archived === 1 && (
                  <>
                    {" "}
                    <span className="badge search-option-badge">{t("archived")}</span>
                  </>
                )}
                {result.at_ms !== undefined && (
                  <>
                    {" "}
                    <span className="search-option-meta">{t("atMoment", { time: clock(result.at_ms) })}</span>
                  </>
                )}
              </span>{" "}
              {result.snippet && (
                <span className="search-option-snippet">
                  <SearchSnippet text={result.snippet} />
                </span>
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
