"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { QueryProvider } from "@/components/api/query-provider";
import { useErrorMessage } from "@/components/api/use-error-message";
import { seesAllPeople } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import { groupResults, SearchResults } from "./search-results";
import { useSearch, type SearchResult } from "./use-search";

/** Only the app's own pages are opened (a result's `url` is a path of this app). */
const isAppPath = (url: string) => url.startsWith("/") && !url.startsWith("//");

/** The palette, with the API's data layer: the top bar has none of its own. */
export function SearchPalette(props: { open: boolean; onClose: () => void }) {
  return (
    <QueryProvider>
      <Palette {...props} />
    </QueryProvider>
  );
}

/**
 * The search palette: a modal dialog (the native <dialog>: the page behind is inert, Escape closes
 * it and the focus goes back where it was) with a combobox. Typing searches (debounced), results
 * come grouped by type; ↑ / ↓ move through all of them, Enter (or a click) opens one. Full screen
 * on a phone. Staff who see people may include archived people.
 */
function Palette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("search");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const me = useMe();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const [archived, setArchived] = useState(false);
  const [active, setActive] = useState(0);
  const { q, enabled, pending, results, query } = useSearch(typed, archived);
  const groups = useMemo(() => groupResults(results), [results]);
  const ordered = useMemo(() => groups.flatMap((g) => g.items.map((i) => i.result)), [groups]);
  const listId = `${ids}-list`;
  const optionId = (index: number) => `${ids}-option-${index}`;
  const offersArchived = seesAllPeople(me.data);

  // Opened: modal, the input focused with its text selected; closed: the focus back where it was.
  useEffect(() => {
    const el = dialog.current;
    if (!el || !open || el.open) return;
    const previous = document.activeElement as HTMLElement | null;
    el.showModal();
    input.current?.focus();
    input.current?.select();
    return () => {
      if (el.open) el.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  // A new answer starts again from its first result.
  useEffect(() => setActive(0), [q, archived]);
  const current = Math.min(active, Math.max(0, ordered.length - 1));
  useEffect(() => {
    if (ordered.length) document.getElementById(`${ids}-option-${current}`)?.scrollIntoView({ block: "nearest" });
  }, [ids, current, ordered.length]);

  const openResult = (result: SearchResult) => {
    if (!isAppPath(result.url)) return;
    onClose();
    router.push(result.url);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!ordered.length) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + ordered.length) % ordered.length);
    } else if (e.key === "Escape") {
      // Here rather than the dialog's cancel event alone: a field may keep Escape for itself.
      e.preventDefault();
      onClose();
    } else if (e.key === "Enter") {
      e.preventDefault();
      const result = ordered[current];
      if (result) openResult(result);
    }
  };

  const searching = enabled && (pending || query.isFetching) && !query.isFetchingNextPage;
  const failed = enabled && query.isError && !pending;
  const status = !enabled
    ? t("prompt")
    : searching
      ? t("searching")
      : failed
        ? ""
        : ordered.length
          ? t("resultCount", { count: ordered.length, more: query.hasNextPage ? "yes" : "no" })
          : t("empty", { query: q });

  return (
    <dialog
      ref={dialog}
      className="dialog search-dialog"
      aria-modal="true"
      aria-labelledby={`${ids}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="search-panel">
        <h2 id={`${ids}-title`} className="sr-only">
          {t("dialogTitle")}
        </h2>
        <div className="search-field">
          <label htmlFor={`${ids}-input`} className="sr-only">
            {t("inputLabel")}
          </label>
          <input
            ref={input}
            id={`${ids}-input`}
            className="input search-input"
            type="text"
            role="combobox"
            aria-expanded={ordered.length > 0}
            aria-controls={ordered.length ? listId : undefined}
            aria-activedescendant={ordered.length ? optionId(current) : undefined}
            aria-autocomplete="list"
            aria-describedby={`${ids}-keys`}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("placeholder")}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={onKeyDown}
          />
          {searching && <span className="spinner spinner-sm search-spinner" aria-hidden="true" />}
          <button type="button" className="btn btn-ghost btn-sm search-close" onClick={onClose}>
            {t("close")}
          </button>
        </div>
        {offersArchived && (
          <label className="search-archived small">
            <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} /> {t("showArchived")}
          </label>
        )}
        <div className="search-body">
          <p className={`search-status small muted ${ordered.length ? "sr-only" : ""}`} role="status">
            {status}
          </p>
          {!failed && !searching && enabled && !ordered.length && <p className="small muted search-hint">{t("emptyHint")}</p>}
          {failed && (
            <div className="notice search-error" role="alert">
              <p>{t("error", { message: errorMessage(query.error) })}</p>
              <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
                {t("retry")}
              </button>
            </div>
          )}
          {ordered.length > 0 && <SearchResults id={listId} groups={groups} active={current} optionId={optionId} onHover={setActive} onOpen={openResult} />}
          {ordered.length > 0 && query.hasNextPage && (
            <button type="button" className="btn btn-sm search-more" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage && <span className="spinner spinner-sm" aria-hidden="true" />}
              {query.isFetchingNextPage ? t("loadingMore") : t("loadMore")}
            </button>
          )}
        </div>
        <p id={`${ids}-keys`} className="search-keys small muted">
          {t("keysHelp")}
        </p>
      </div>
    </dialog>
  );
}
