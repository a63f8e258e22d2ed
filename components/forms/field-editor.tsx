"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { languageName, ownLanguageName } from "@/components/languages/language-names";
import { cleanText, newKey, setText, type DraftField, type DraftOption } from "./form-draft";
import { inLanguage, type Multilingual } from "./form-types";

/**
 * What a field is called in the editor's language (else any other), for headings and button
 * names; `untitled` names a field without a label yet ("field 3").
 */
export function fieldTitle(field: DraftField, lang: string, untitled: string): string {
  return inLanguage(cleanText(field.label), lang) || untitled;
}

/** The text in another language, to hint at what to translate when `lang` has none. */
function otherLanguage(text: Multilingual, lang: string): { lang: string; text: string } | null {
  const entry = Object.entries(text).find(([l, v]) => l !== lang && v.trim());
  return entry ? { lang: entry[0], text: entry[1] } : null;
}

/** One field of the form editor: heading with its order controls, label, private and scorecard toggles, options. */
export function FieldEditor({
  field,
  index,
  count,
  lang,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  field: DraftField;
  index: number;
  count: number;
  lang: string;
  errors?: Record<string, string>;
  onChange: (update: (f: DraftField) => DraftField) => void;
  onMove: (delta: -1 | 1, from: "up" | "down") => void;
  onRemove: () => void;
}) {
  const t = useTranslations("forms");
  const locale = useLocale();
  const title = fieldTitle(field, lang, t("untitledField", { number: index + 1 }));
  const hasLabel = Boolean(inLanguage(cleanText(field.label), lang));
  const base = `fd-${field.key}`;
  const other = field.label[lang] ? null : otherLanguage(field.label, lang);

  return (
    <li className={`fd-field${field.private ? " fd-field-private" : ""}${errors ? " fd-field-invalid" : ""}`} id={base}>
      <div role="group" aria-labelledby={`${base}-title`}>
        <div className="fd-field-head">
          <span className="fd-field-num" aria-hidden="true">
            {index + 1}
          </span>
          <h3 className="fd-field-title" id={`${base}-title`}>
            <span className="sr-only">{t("fieldNumber", { number: index + 1 })}</span>
            <span className={hasLabel ? "" : "muted"}>{hasLabel ? title : t("untitled")}</span>
          </h3>
          <span className="fd-field-badges">
            <span className="badge">{t(`fieldTypes.${field.type}.label`)}</span>
            {field.private && <span className="badge badge-warning">{t("privateBadge")}</span>}
            {field.scorecard && field.type !== "file" && <span className="badge badge-primary">{t("scorecardBadge")}</span>}
            {!field.saved && <span className="badge badge-primary">{t("newBadge")}</span>}
          </span>
          <span className="fd-field-tools">
            <button
              type="button"
              className="btn btn-sm fd-icon"
              id={`${base}-up`}
              onClick={() => onMove(-1, "up")}
              disabled={index === 0}
              aria-label={t("moveUpNamed", { name: title })}
              title={t("moveUp")}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className="btn btn-sm fd-icon"
              id={`${base}-down`}
              onClick={() => onMove(1, "down")}
              disabled={index === count - 1}
              aria-label={t("moveDownNamed", { name: title })}
              title={t("moveDown")}
            >
              <span aria-hidden="true">↓</span>
            </button>
            <button type="button" className="btn btn-sm btn-danger-outline" onClick={onRemove} aria-label={t("removeNamed", { name: title })}>
              {t("remove")}
            </button>
          </span>
        </div>

        <div className="fd-field-body">
          <div className="field">
            <label className="field-label" htmlFor={`${base}-label`}>
              {t.rich("labelOfField", { number: index + 1, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
              <span className="fd-lang-tag" lang={lang}>
                {ownLanguageName(lang)}
              </span>
            </label>
            <input
              id={`${base}-label`}
              className="input"
              value={field.label[lang] ?? ""}
              placeholder={other ? t("inOtherLanguage", { language: ownLanguageName(other.lang), text: other.text }) : t("labelPlaceholder")}
              onChange={(e) => {
                const value = e.target.value;
                onChange((f) => ({ ...f, label: setText(f.label, lang, value) }));
              }}
              aria-invalid={errors?.label ? true : undefined}
              aria-describedby={errors?.label ? `${base}-label-error` : other ? `${base}-label-hint` : undefined}
              autoComplete="off"
            />
            {errors?.label ? (
              <p id={`${base}-label-error`} className="field-error">
                {errors.label}
              </p>
            ) : (
              other && (
                <p id={`${base}-label-hint`} className="field-hint">
                  {t("notWrittenYet", { language: languageName(lang, locale), other: languageName(other.lang, locale) })}
                </p>
              )
            )}
          </div>

          {field.type === "dropdown" && <OptionsEditor field={field} lang={lang} error={errors?.options} onChange={onChange} title={title} />}

          <div className="fd-field-foot">
            <label className="check fd-private">
              <input type="checkbox" checked={field.private} onChange={(e) => onChange((f) => ({ ...f, private: e.target.checked }))} />
              <span>
                {t.rich("privateCheck", {
                  name: title,
                  hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                  hint: (chunks) => <span className="muted small">{chunks}</span>,
                })}
              </span>
            </label>
            {field.type !== "file" && (
              <label className="check fd-private">
                <input type="checkbox" checked={field.scorecard} onChange={(e) => onChange((f) => ({ ...f, scorecard: e.target.checked }))} />
                <span>
                  {t.rich("scorecardCheck", {
                    name: title,
                    hidden: (chunks) => <span className="sr-only">{chunks}</span>,
                    hint: (chunks) => <span className="muted small">{chunks}</span>,
                  })}
                </span>
              </label>
            )}
            <FieldId field={field} error={errors?.id} onChange={onChange} base={base} />
          </div>
          {errors?.field && <p className="field-error">{errors.field}</p>}
        </div>
      </div>
    </li>
  );
}

function FieldId({
  field,
  error,
  onChange,
  base,
}: {
  field: DraftField;
  error?: string;
  onChange: (update: (f: DraftField) => DraftField) => void;
  base: string;
}) {
  const t = useTranslations("forms");
  const details = useRef<HTMLDetailsElement>(null);
  // Opened when the id has a problem; never closed under the user's hands.
  useEffect(() => {
    if (error && details.current) details.current.open = true;
  }, [error]);
  if (field.saved) {
    return (
      <span className="fd-id muted small" title={t("idFixed")}>
        {t.rich("idShown", { id: field.id, code: (chunks) => <code>{chunks}</code> })}
      </span>
    );
  }
  return (
    <details className="fd-id-edit small" ref={details}>
      <summary>{t.rich("idShown", { id: field.id || "—", code: (chunks) => <code>{chunks}</code> })}</summary>
      <div className="field">
        <label className="field-label" htmlFor={`${base}-id`}>
          {t("idLabel")}
        </label>
        <input
          id={`${base}-id`}
          className="input mono"
          value={field.id}
          onChange={(e) => {
            const value = e.target.value;
            onChange((f) => ({ ...f, id: value, idTouched: true }));
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${base}-id-hint`}
          spellCheck={false}
          autoComplete="off"
        />
        <p id={`${base}-id-hint`} className={error ? "field-error" : "field-hint"}>
          {error ?? t("idHint")}
        </p>
      </div>
    </details>
  );
}

function OptionsEditor({
  field,
  lang,
  error,
  onChange,
  title,
}: {
  field: DraftField;
  lang: string;
  error?: string;
  onChange: (update: (f: DraftField) => DraftField) => void;
  title: string;
}) {
  const t = useTranslations("forms");
  const base = `fd-${field.key}-opt`;
  const setOptions = (update: (options: DraftOption[]) => DraftOption[]) => onChange((f) => ({ ...f, options: update(f.options) }));
  const focus = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const add = (after: number) => {
    const option = { key: newKey(), text: {} };
    setOptions((o) => [...o.slice(0, after + 1), option, ...o.slice(after + 1)]);
    focus(`${base}-${option.key}`);
  };
  const move = (j: number, delta: -1 | 1, key: string, dir: "up" | "down") => {
    setOptions((o) => {
      const next = [...o];
      [next[j], next[j + delta]] = [next[j + delta], next[j]];
      return next;
    });
    const target = j + delta;
    const edge = (dir === "up" && target === 0) || (dir === "down" && target === field.options.length - 1);
    focus(`${base}-${key}-${edge ? (dir === "up" ? "down" : "up") : dir}`);
  };

  return (
    <fieldset className="fd-options" aria-describedby={error ? `${base}-error` : undefined}>
      <legend>{t.rich("optionsOf", { name: title, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}</legend>
      <ol className="fd-option-list">
        {field.options.map((o, j) => {
          const name = inLanguage(cleanText(o.text), lang) || t("untitledOption", { number: j + 1 });
          const other = o.text[lang] ? null : otherLanguage(o.text, lang);
          return (
            <li key={o.key} className="fd-option">
              <span className="fd-option-num" aria-hidden="true">
                {j + 1}.
              </span>
              <input
                id={`${base}-${o.key}`}
                className="input"
                value={o.text[lang] ?? ""}
                aria-label={t("optionLabel", { number: j + 1, name: title })}
                aria-invalid={error && !Object.values(o.text).some((v) => v.trim()) ? true : undefined}
                placeholder={
                  other ? t("inOtherLanguage", { language: ownLanguageName(other.lang), text: other.text }) : t("optionPlaceholder", { number: j + 1 })
                }
                onChange={(e) => {
                  const value = e.target.value;
                  setOptions((all) => all.map((x) => (x.key === o.key ? { ...x, text: setText(x.text, lang, value) } : x)));
                }}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    add(j);
                  }
                }}
                autoComplete="off"
              />
              <span className="fd-option-tools">
                <button
                  type="button"
                  className="btn btn-sm fd-icon"
                  id={`${base}-${o.key}-up`}
                  disabled={j === 0}
                  onClick={() => move(j, -1, o.key, "up")}
                  aria-label={t("moveOptionUp", { name })}
                  title={t("moveUp")}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="btn btn-sm fd-icon"
                  id={`${base}-${o.key}-down`}
                  disabled={j === field.options.length - 1}
                  onClick={() => move(j, 1, o.key, "down")}
                  aria-label={t("moveOptionDown", { name })}
                  title={t("moveDown")}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <button
                  type="button"
                  className="btn btn-sm fd-icon"
                  onClick={() => {
                    setOptions((all) => all.filter((x) => x.key !== o.key));
                    const neighbour = field.options[j + 1] ?? field.options[j - 1];
                    focus(neighbour ? `${base}-${neighbour.key}` : `${base}-add`);
                  }}
                  aria-label={t("removeOptionNamed", { name })}
                  title={t("removeOption")}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {error && (
        <p id={`${base}-error`} className="field-error">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-sm" id={`${base}-add`} onClick={() => add(field.options.length - 1)}>
        <span aria-hidden="true">+</span> {t("addOption")}
      </button>
      <p className="field-hint">{t("optionsHint")}</p>
    </fieldset>
  );
}
