"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useSaveErrorMessage, type AutosaveSnapshot, type SaveKey } from "@/components/interviews/use-autosave";
import type { ScorecardAutosaveStore } from "./scorecard-autosave";

const KEY: SaveKey = "note";
/** How long typing pauses before the note is saved (as text answers do). */
const SAVE_DELAY_MS = 800;

/** The member's note: saved after a pause in typing and on blur; a refetch never replaces unsaved text. */
export function NoteField({ value, store, snapshot }: { value: string | null; store: ScorecardAutosaveStore; snapshot: AutosaveSnapshot }) {
  const t = useTranslations("scorecards");
  const saveError = useSaveErrorMessage();
  const id = useId();
  const server = value ?? "";
  const [draft, setDraft] = useState(server);
  const draftRef = useRef(draft);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const failure = snapshot.errors.get(KEY);
  const error = failure === undefined ? undefined : saveError(failure, KEY);

  useEffect(() => {
    if (!focused.current && !store.isPending(KEY) && draftRef.current !== server) {
      draftRef.current = server;
      setDraft(server);
    }
  }, [server, store]);

  const commitRef = useRef(() => {});
  commitRef.current = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const text = draftRef.current;
    if (text === ((store.serverValue(KEY) as string | null) ?? "") && !store.hasLocal(KEY)) return store.markClean(KEY);
    store.save(KEY, text.trim() ? text : null);
  };

  // Submitting flushes typed text first; leaving the page saves it too.
  useEffect(() => {
    const flush = () => {
      if (timer.current) commitRef.current();
    };
    const unregister = store.registerFlush(KEY, flush);
    return () => {
      flush();
      unregister();
    };
  }, [store]);

  return (
    <div className="iv-field sc-note">
      <label className="field-label" htmlFor={id}>
        {t("note")}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {t("noteHint")}
      </p>
      <textarea
        id={id}
        className="input iv-textarea"
        rows={4}
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
        onFocus={() => (focused.current = true)}
        onChange={(e) => {
          draftRef.current = e.target.value;
          setDraft(e.target.value);
          store.markDirty(KEY);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => commitRef.current(), SAVE_DELAY_MS);
        }}
        onBlur={() => {
          focused.current = false;
          if (timer.current || store.isPending(KEY)) commitRef.current();
        }}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
