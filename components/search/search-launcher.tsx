"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";

// The palette (its dialog, queries and results) is fetched on first use: the focus or hover of
// this button, a click, or a shortcut. No page's first load carries it.
const loadPalette = () => import("./search-palette");
const SearchPalette = lazy(() => loadPalette().then((m) => ({ default: m.SearchPalette })));

/** Whether a key press lands where typing "/" means the character itself. */
function typesText(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  if (!el || !(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(el.type);
}

/**
 * The search button of the top bar, on every signed-in page, and its shortcuts: `/` (outside a
 * text field) and Ctrl+K / ⌘+K open the search palette.
 */
export function SearchLauncher() {
  const t = useTranslations("search");
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const warm = useCallback(() => void loadPalette(), []);
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const commandK = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "k";
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !typesText(e.target);
      if (!commandK && !slash) return;
      // Another dialog (a confirmation, a form) keeps the keyboard to itself.
      const modal = document.querySelector("dialog[open]");
      if (modal && !modal.classList.contains("search-dialog")) return;
      e.preventDefault();
      show();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [show]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="search-launch"
        aria-label={t("open")}
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        title={t("shortcutHint")}
        onClick={show}
        onFocus={warm}
        onPointerEnter={warm}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="search-launch-icon">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12.7 12.7 17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="search-launch-label">{t("open")}</span>
        <kbd className="search-launch-key" aria-hidden="true">
          /
        </kbd>
      </button>
      {used && (
        <Suspense fallback={null}>
          <SearchPalette open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
