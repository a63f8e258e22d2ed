"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { foldText, searchWords } from "@/components/ui/format";
import { LANGUAGE_CODES } from "./language-codes";
import { canonicalLanguage, languageName, ownLanguageName } from "./language-names";

type Option = { code: string; own: string; local: string; text: string };

const TYPED_CODE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

/**
 * A language field: a combobox that lists languages by their own names ("español",
 * "English", "français", with the name in the reader's language beside), filtered as one
 * types (own name, name in the reader's language or code), chosen with the arrow keys and
 * Enter or a click. Any other valid BCP 47 code can be typed and used. The value is the code.
 */
export function LanguagePicker({
  value,
  onChange,
  readOnly = false,
  ...inputProps
}: {
  value: string;
  onChange: (code: string) => void;
  readOnly?: boolean;
  id?: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  autoFocus?: boolean;
}) {
  const t = useTranslations("languages");
  const locale = useLocale();
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = query !== null;

  const all = useMemo<Option[]>(() => {
    const codes = [...LANGUAGE_CODES, ...(value && !(LANGUAGE_CODES as readonly string[]).includes(value) ? [value] : [])];
    const collator = new Intl.Collator(locale);
    return codes
      .map((code) => {
        const own = ownLanguageName(code);
        const local = languageName(code, locale);
        return { code, own, local, text: foldText(`${own} ${local} ${code}`) };
      })
      .sort((a, b) => collator.compare(a.own, b.own));
  }, [locale, value]);

  const options = useMemo(() => {
    const words = searchWords(query ?? "");
    // The typed code itself first, then names that start with what is typed, then the rest.
    const rank = (o: Option) =>
      o.code.toLowerCase() === words.join("-") ? 0 : foldText(o.own).startsWith(words[0]) || foldText(o.local).startsWith(words[0]) ? 1 : 2;
    const matches = words.length ? all.filter((o) => words.every((w) => o.text.includes(w))).sort((a, b) => rank(a) - rank(b)) : all;
    // A code typed in full that the list does not hold ("pt-PT") can be used as it is.
    const typed = query && TYPED_CODE.test(query.trim()) ? canonicalLanguage(query) : null;
    const extra =
      typed && !all.some((o) => o.code.toLowerCase() === typed.toLowerCase())
        ? [{ code: typed, own: typed, local: t("useCode", { code: typed }), text: "" }]
        : [];
    return [...matches, ...extra];
  }, [all, query, t]);

  if (readOnly) return <input {...inputProps} className="input" value={ownLanguageName(value)} readOnly lang={value} />;

  const choose = (code: string) => {
    onChange(code);
    setQuery(null);
  };
  const optionId = (i: number) => `${listId}-${i}`;
  const move = (delta: number) => {
    if (!open) return setQuery("");
    setActive((i) => Math.min(options.length - 1, Math.max(0, i + delta)));
  };

  return (
    <div className="lang-picker">
      <input
        {...inputProps}
        className="input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={query ?? ownLanguageName(value)}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onBlur={() => setQuery(null)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            move(e.key === "ArrowDown" ? 1 : -1);
          } else if (e.key === "Enter" && open) {
            e.preventDefault();
            if (options[active]) choose(options[active].code);
          } else if (e.key === "Escape" && open) {
            e.preventDefault();
            e.stopPropagation();
            setQuery(null);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label={t("listLabel")} className="lang-list" hidden={!open || options.length === 0}>
        {open &&
          options.map((o, i) => (
            <li
              key={o.code}
              id={optionId(i)}
              role="option"
              aria-selected={o.code === value}
              className={`lang-option${i === active ? " lang-option-active" : ""}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(o.code)}
            >
              <span lang={o.code}>{o.own}</span>
              <span className="lang-option-local">
                {o.local} <code>{o.code}</code>
              </span>
            </li>
          ))}
      </ul>
      {open && options.length === 0 && <p className="field-hint">{t("noMatch", { query })}</p>}
      <span className="sr-only" aria-live="polite">
        {open ? t("results", { count: options.length }) : ""}
      </span>
    </div>
  );
}
