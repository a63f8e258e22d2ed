"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { inLanguage, type FormField, type Multilingual } from "@/components/forms/form-types";
import { languageName } from "@/components/languages/language-names";
import { editKey, isMultilingual } from "./interview-format";
import { useSaveErrorMessage, type AutosaveSnapshot, type SaveKey } from "./use-autosave";
import { FileAnswer } from "./file-answer";
import { PrivateBadge, type EditProps } from "./answer-parts";

/** How long typing pauses before a text answer is saved. */
const TEXT_SAVE_DELAY_MS = 800;

/** One answer of the form, editable, saving itself (see use-autosave). */
export function EditableField(props: EditProps) {
  switch (props.field.type) {
    case "dropdown":
      return <DropdownAnswer {...props} />;
    case "text":
      return <TextAnswer {...props} />;
    case "checkbox":
      return <CheckboxAnswer {...props} />;
    case "file":
      return <FileAnswer {...props} />;
    default:
      return null;
  }
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** An answer's save key, the value to show (a local unsaved one wins) and its save error. */
function useAnswer(field: FormField, value: unknown, snapshot: AutosaveSnapshot) {
  const key: SaveKey = `responses.${field.id}`;
  const saveError = useSaveErrorMessage();
  const error = snapshot.errors.get(key);
  return { id: useId(), key, shown: snapshot.local.has(key) ? snapshot.local.get(key) : value, error: error === undefined ? undefined : saveError(error, key) };
}

function DropdownAnswer({ field, value, language, store, snapshot, showPrivate }: EditProps) {
  const { id, key, shown, error } = useAnswer(field, value, snapshot);
  return (
    <div className="iv-field" data-field={field.id}>
      <div className="iv-field-head">
        <label className="field-label" htmlFor={id}>
          {inLanguage(field.label, language)}
        </label>
        {showPrivate && field.p === 1 && <PrivateBadge />}
      </div>
      <select
        id={id}
        className="select iv-select"
        value={typeof shown === "number" ? String(shown) : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => store.save(key, e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">—</option>
        {field.options?.map((o, i) => (
          <option key={i} value={i + 1}>
            {inLanguage(o, language)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function CheckboxAnswer({ field, value, language, store, snapshot, showPrivate }: EditProps) {
  const { id, key, shown, error } = useAnswer(field, value, snapshot);
  return (
    <div className="iv-field" data-field={field.id}>
      <div className="iv-field-head">
        <label className="check iv-check">
          <input
            type="checkbox"
            checked={shown === 1}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => store.save(key, e.target.checked ? 1 : 0)}
          />
          <span>{inLanguage(field.label, language)}</span>
        </label>
        {showPrivate && field.p === 1 && <PrivateBadge />}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A textarea for the reader's language of a multilingual answer; the other languages are
 * kept when saving. Saves after a pause in typing and on blur. While the field has focus or
 * unsaved text, a refetch never replaces what is typed.
 */
function TextAnswer({ field, value, language, store, snapshot, showPrivate }: EditProps) {
  const t = useTranslations("interviews");
  const locale = useLocale();
  const saveError = useSaveErrorMessage();
  const id = useId();
  const key: SaveKey = `responses.${field.id}`;
  const server = isMultilingual(value) ? value : null;
  const lang = editKey(server, language);
  const serverText = server?.[lang] ?? "";
  const [draft, setDraft] = useState(serverText);
  const draftRef = useRef(draft);
  const focused = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const failure = snapshot.errors.get(key);
  const error = failure === undefined ? undefined : saveError(failure, key);

  // Take the server's text (another editor, a refetch) only when nothing here is unsaved.
  useEffect(() => {
    if (!focused.current && !store.isPending(key) && draftRef.current !== serverText) {
      draftRef.current = serverText;
      setDraft(serverText);
    }
  }, [serverText, store, key]);

  const commit = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const text = draftRef.current;
    // The newest value the server has, so languages written elsewhere are kept.
    const cached = store.serverValue(key);
    const base: Multilingual = isMultilingual(cached) ? { ...cached } : {};
    if ((base[lang] ?? "") === text && !store.hasLocal(key)) {
      store.markClean(key);
      return;
    }
    if (text.trim()) base[lang] = text;
    else delete base[lang];
    store.save(key, Object.keys(base).length ? base : null);
  }, [store, lang, key]);

  const commitRef = useRef(commit);
  commitRef.current = commit;

  // Registered once: publish flushes typed text first; leaving the page saves it too.
  useEffect(() => {
    const flush = () => {
      if (timer.current) commitRef.current();
    };
    const unregister = store.registerFlush(key, flush);
    return () => {
      flush();
      unregister();
    };
  }, [store, key]);

  const others = server ? Object.entries(server).filter(([k, t]) => k !== lang && t.trim()) : [];

  return (
    <div className="iv-field" data-field={field.id}>
      <div className="iv-field-head">
        <label className="field-label" htmlFor={id}>
          {inLanguage(field.label, language)}
        </label>
        {showPrivate && field.p === 1 && <PrivateBadge />}
      </div>
      <textarea
        id={id}
        className="input iv-textarea"
        rows={3}
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={[others.length ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
        onFocus={() => (focused.current = true)}
        onChange={(e) => {
          draftRef.current = e.target.value;
          setDraft(e.target.value);
          store.markDirty(key);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => commitRef.current(), TEXT_SAVE_DELAY_MS);
        }}
        onBlur={() => {
          focused.current = false;
          if (timer.current || store.isPending(key)) commitRef.current();
        }}
      />
      {others.length > 0 && (
        <div id={`${id}-hint`} className="field-hint iv-other-langs">
          <span>
            {t("otherLanguages", {
              language: languageName(lang, locale),
              others: new Intl.ListFormat(locale, { type: "conjunction" }).format(others.map(([k]) => languageName(k, locale))),
            })}
          </span>
          {others.map(([k, text]) => (
            <blockquote key={k} lang={k}>
              {text}
            </blockquote>
          ))}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
