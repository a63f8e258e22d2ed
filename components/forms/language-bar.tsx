"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { LanguagePicker } from "@/components/languages/language-picker";
import { languageName, ownLanguageName } from "@/components/languages/language-names";
import { Field } from "@/components/ui/field";

/** The editing language: one of the languages in use, or another one added from the language list. */
export function LanguageBar({
  languages,
  lang,
  myLanguage,
  onPick,
  onAdd,
}: {
  languages: string[];
  lang: string;
  myLanguage: string;
  onPick: (lang: string) => void;
  onAdd: (lang: string) => void;
}) {
  const t = useTranslations("forms");
  const locale = useLocale();
  const ui = useTranslations("ui");
  const [adding, setAdding] = useState(false);
  const [code, setCode] = useState("");

  const add = () => {
    if (!code) return;
    setAdding(false);
    setCode("");
    onAdd(code);
  };

  return (
    <div className="fd-langs">
      <div role="radiogroup" aria-labelledby="fd-langs-label" className="fd-langs-row">
        <span id="fd-langs-label" className="field-label">
          {t("editTextsIn")}
        </span>
        <span className="toggle-chips">
          {languages.map((l) => (
            <label key={l} className="toggle-chip">
              <input type="radio" name="fd-lang" value={l} checked={l === lang} onChange={() => onPick(l)} />
              <span lang={l}>{ownLanguageName(l)}</span>
              <span className="fd-lang-code">{l}</span>
            </label>
          ))}
        </span>
        {!adding && (
          <button type="button" className="btn btn-sm" onClick={() => setAdding(true)}>
            <span aria-hidden="true">+</span> {t("addLanguage")}
          </button>
        )}
      </div>
      {adding && (
        <div className="inline-form fd-lang-add">
          <Field label={t("languageLabel")} hint={t("languageHint")}>
            {(p) => <LanguagePicker {...p} value={code} onChange={setCode} autoFocus />}
          </Field>
          <div className="fd-lang-add-actions">
            <button type="button" className="btn btn-primary btn-sm" onClick={add} disabled={!code}>
              {t("addThisLanguage")}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => setAdding(false)}>
              {ui("cancel")}
            </button>
          </div>
        </div>
      )}
      {lang !== myLanguage && <p className="field-hint">{t("editingOther", { language: languageName(lang, locale) })}</p>}
    </div>
  );
}
