import { useLocale, useTranslations } from "next-intl";
import { inLanguage, type FormField } from "@/components/forms/form-types";
import { languageName, sameLanguage } from "@/components/languages/language-names";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { isMultilingual, readKey } from "./interview-format";
import { fileEntries, PrivateBadge } from "./answer-parts";

/** A read-only answer as text: option label, Yes/No, the text in the reader's language, file links. */
function AnswerView({ field, value, language }: { field: FormField; value: unknown; language: string }) {
  const t = useTranslations("interviews");
  const locale = useLocale();
  const format = useDisplayFormat();
  const none = <p className="muted iv-no-answer">{t("noAnswer")}</p>;
  switch (field.type) {
    case "dropdown": {
      const option = typeof value === "number" ? field.options?.[value - 1] : undefined;
      return option ? <p>{inLanguage(option, language)}</p> : none;
    }
    case "checkbox":
      return value === 1 ? <p>{t("yes")}</p> : value === 0 ? <p>{t("no")}</p> : none;
    case "text": {
      const text = isMultilingual(value) ? value : null;
      const k = readKey(text, language);
      if (!text || !k) return none;
      return (
        <div>
          <p className="iv-text" lang={k}>
            {text[k]}
          </p>
          {!sameLanguage(k, language) && <p className="muted small">{t("writtenIn", { language: languageName(k, locale) })}</p>}
        </div>
      );
    }
    case "file": {
      const files = fileEntries(value);
      if (!files.length) return none;
      return (
        <ul className="iv-file-links">
          {files.map(([fileId, f]) => (
            <li key={fileId}>
              {f.url ? (
                <a href={f.url} target="_blank" rel="noreferrer">
                  {f.name}
                </a>
              ) : (
                f.name
              )}{" "}
              <span className="muted small">{format.bytes(f.size)}</span>
            </li>
          ))}
        </ul>
      );
    }
    default:
      return none;
  }
}

/** The form's fields with their answers, read only. */
export function AnswersView({
  fields,
  responses,
  language,
  showPrivate,
}: {
  fields: FormField[];
  responses: Record<string, unknown>;
  language: string;
  showPrivate: boolean;
}) {
  return (
    <dl className="iv-answers">
      {fields.map((f) => (
        <div key={f.id} className="iv-answer" data-field={f.id}>
          <dt>
            <span>{inLanguage(f.label, language)}</span>
            {showPrivate && f.p === 1 && <PrivateBadge />}
          </dt>
          <dd>
            <AnswerView field={f} value={responses[f.id]} language={language} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
