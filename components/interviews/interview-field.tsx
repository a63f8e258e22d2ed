"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { uploadWithProgress } from "@/components/api/upload-with-progress";
import { inLanguage, type FormField, type Multilingual } from "@/components/forms/form-types";
import { languageName, sameLanguage } from "@/components/languages/language-names";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { fileExtension } from "@/components/uploads/file-extension";
import { UploadsInProgress } from "@/components/uploads/uploads-in-progress";
import { useUploads } from "@/components/uploads/use-uploads";
import { editKey, isMultilingual, readKey } from "./interview-format";
import { interviewKeys } from "./interview-keys";
import type { Attachment, FileRecord, Interview } from "./interview-types";
import { useSaveErrorMessage, type AutosaveSnapshot, type AutosaveStore, type SaveKey } from "./use-autosave";
import { interviewPath } from "./use-interviews";

/** How long typing pauses before a text answer is saved. */
export const TEXT_SAVE_DELAY_MS = 800;

export function PrivateBadge() {
  const t = useTranslations("interviews");
  return <span className="badge badge-warning iv-private">{t("privateBadge")}</span>;
}

const fileEntries = (value: unknown): [string, FileRecord][] =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (Object.entries(value) as [string, FileRecord][]).sort((a, b) => (a[1].created_at ?? 0) - (b[1].created_at ?? 0))
    : [];


type EditProps = {
  field: FormField;
  /** The answer as the server has it. */
  value: unknown;
  language: string;
  personId: string;
  interviewId: string;
  store: AutosaveStore;
  snapshot: AutosaveSnapshot;
  /** Whether to mark private fields (staff see them; nobody else gets them). */
  showPrivate: boolean;
};

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
function TextAnswer({ field, value, language, personId, interviewId, store, snapshot, showPrivate }: EditProps) {
  const t = useTranslations("interviews");
  const locale = useLocale();
  const saveError = useSaveErrorMessage();
  const id = useId();
  const key: SaveKey = `responses.${field.id}`;
  const qc = useQueryClient();
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
    const cached = qc.getQueryData<Interview>(interviewKeys.detail(personId, interviewId))?.responses[field.id];
    const base: Multilingual = isMultilingual(cached) ? { ...cached } : {};
    if ((base[lang] ?? "") === text && !store.hasLocal(key)) {
      store.markClean(key);
      return;
    }
    if (text.trim()) base[lang] = text;
    else delete base[lang];
    store.save(key, Object.keys(base).length ? base : null);
  }, [qc, store, field.id, lang, key, personId, interviewId]);

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

  const others = server
    ? Object.entries(server).filter(([k, t]) => k !== lang && t.trim())
    : [];

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

/** Attachments of a file field: list, open, remove; upload several at once with a progress bar each. */
function FileAnswer({ field, value, language, personId, interviewId, showPrivate }: EditProps) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const qc = useQueryClient();
  const toast = useToast();
  const headId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<[string, FileRecord] | null>(null);
  const label = inLanguage(field.label, language);
  const files = fileEntries(value);
  const detail = interviewKeys.detail(personId, interviewId);

  const setFiles = (change: (files: Record<string, FileRecord>) => Record<string, FileRecord>) => {
    qc.setQueryData<Interview>(detail, (old) => {
      if (!old) return old;
      const current = (old.responses[field.id] ?? {}) as Record<string, FileRecord>;
      const next = change({ ...current });
      const responses = { ...old.responses };
      if (Object.keys(next).length) responses[field.id] = next;
      else delete responses[field.id];
      return { ...old, responses };
    });
    void qc.invalidateQueries({ queryKey: [...detail, "view"] });
  };

  const { uploads, start, dismiss } = useUploads({
    send: (file, onProgress) => {
      const form = new FormData();
      form.append("file", file);
      form.append("field_id", field.id);
      form.append("name", file.name);
      return uploadWithProgress<Attachment>(`${interviewPath(personId, interviewId)}/files`, form, { onProgress });
    },
    onUploaded: (file, { id, field_id: _field, ...record }) => {
      setFiles((all) => ({ ...all, [id]: record }));
      toast.show(t("files.uploaded", { name: file.name }));
    },
  });

  const remove = async ([fileId, f]: [string, FileRecord]) => {
    await apiFetch(`${interviewPath(personId, interviewId)}/files/${encodeURIComponent(fileId)}`, { method: "DELETE" });
    setFiles((all) => {
      delete all[fileId];
      return all;
    });
    toast.show(t("files.removed", { name: f.name }));
  };

  return (
    <div className="iv-field" data-field={field.id} role="group" aria-labelledby={headId}>
      <div className="iv-field-head">
        <span className="field-label" id={headId}>
          {label}
        </span>
        {showPrivate && field.p === 1 && <PrivateBadge />}
      </div>
      {files.length > 0 && (
        <ul className="file-list iv-files" aria-label={t("files.listLabel", { name: label })}>
          {files.map(([fileId, f]) => (
            <li key={fileId} className="file-item">
              <span className="file-icon" aria-hidden="true">
                {fileExtension(f.name)}
              </span>
              <div className="file-main">
                {f.url ? (
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.name}
                  </a>
                ) : (
                  <span className="file-name">{f.name}</span>
                )}
                <span className="muted small">{f.created_at ? t("files.sizeAndDate", { size: format.bytes(f.size), date: format.moment(f.created_at) }) : format.bytes(f.size)}</span>
              </div>
              <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setRemoving([fileId, f])} aria-label={t("files.removeNamed", { name: f.name })}>
                {t("files.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <UploadsInProgress uploads={uploads} onDismiss={dismiss} className="iv-files" />
      <div className="iv-file-actions">
        <button type="button" className="btn btn-sm" onClick={() => input.current?.click()}>
          <span aria-hidden="true">+</span> {t("files.add")}
        </button>
        {files.length === 0 && uploads.length === 0 && <span className="muted small">{t("files.none")}</span>}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t("files.uploadFor", { name: label })}
          data-testid={`file-input-${field.id}`}
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            e.target.value = "";
            start(picked);
          }}
        />
      </div>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t("files.removeTitle")}
        message={t.rich("files.removeConsequence", { name: removing?.[1].name ?? "", strong: (chunks) => <strong>{chunks}</strong> })}
        confirmLabel={t("files.removeAction")}
        danger
        onConfirm={() => removing && remove(removing)}
      />
    </div>
  );
}

/** A read-only answer as text: option label, Yes/No, the text in the reader's language, file links. */
export function AnswerView({ field, value, language }: { field: FormField; value: unknown; language: string }) {
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
