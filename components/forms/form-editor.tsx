"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { languageName } from "@/components/languages/language-names";
import { useMe } from "@/components/me/use-me";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { FieldEditor, fieldTitle } from "./field-editor";
import { formKeys } from "./form-keys";
import {
  draftFromForm,
  fieldsForApi,
  fingerprint,
  idForLabel,
  languagesOf,
  mapApiDetails,
  newField,
  validateDraft,
  type Draft,
  type DraftField,
  type FieldErrors,
} from "./form-draft";
import { inLanguage, type FieldType, type InterviewForm } from "./form-types";
import { useDeleteForm, useForm, useSaveForm } from "./use-forms";
import { AddFieldButtons } from "./add-field-buttons";
import { LanguageBar } from "./language-bar";
import { RemovedFields, type Removed } from "./removed-fields";
import { useLeaveGuard } from "./use-leave-guard";

/** /settings/forms/[id]: loads the form, then hands it to the editor. */
export function FormEditor({ id }: { id: string }) {
  const t = useTranslations("forms");
  const form = useForm(id);
  const me = useMe();

  if (form.isPending) {
    return (
      <div className="card" aria-busy="true">
        <div className="card-head">
          <Skeleton lines={1} className="fd-skeleton-title" />
        </div>
        <div className="card-body">
          <Skeleton lines={6} />
        </div>
      </div>
    );
  }
  if (form.isError) {
    if (isApiError(form.error) && form.error.status === 404) {
      return (
        <div className="card">
          <EmptyState
            title={t("notFound")}
            action={
              <Link href="/settings/forms" className="btn">
                {t("backToForms")}
              </Link>
            }
          >
            {t("notFoundText")}
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="card">
        <ErrorState error={form.error} onRetry={() => form.refetch()} title={t("couldNotLoadOne")} />
      </div>
    );
  }
  return <FormEditorBody key={form.data.id} form={form.data} myLanguage={me.data?.person.language || "en"} />;
}

type Errors = { name?: string; fields: FieldErrors; form?: string };

function FormEditorBody({ form, myLanguage }: { form: InterviewForm; myLanguage: string }) {
  const t = useTranslations("forms");
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const format = useDisplayFormat();
  const save = useSaveForm();
  const del = useDeleteForm();
  const toast = useToast();
  const router = useRouter();
  const qc = useQueryClient();
  const [saved, setSaved] = useState(form);
  const [draft, setDraft] = useState<Draft>(() => draftFromForm(form));
  const [lang, setLang] = useState(myLanguage);
  const [extraLanguages, setExtraLanguages] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({ fields: {} });
  const [removed, setRemoved] = useState<Removed[]>([]);
  const [conflict, setConflict] = useState<{ id: string; title: string }[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [announce, setAnnounce] = useState("");
  const leaving = useRef(false);

  const savedIds = useMemo(() => new Set(saved.fields.map((f) => f.id)), [saved]);
  const savedPrint = useMemo(() => fingerprint(draftFromForm(saved)), [saved]);
  const dirty = fingerprint(draft) !== savedPrint;
  const privateCount = draft.fields.filter((f) => f.private).length;
  const needsAttention = Boolean(errors.name) || Object.keys(errors.fields).length > 0;
  const formMessage = errors.form ?? (needsAttention ? t("needsAttention") : null);
  const titleOf = (field: DraftField, index: number) => fieldTitle(field, lang, t("untitledField", { number: index + 1 }));

  const languages = useMemo(() => {
    const all = [myLanguage, ...languagesOf(draftFromForm(saved).fields), ...languagesOf(draft.fields), ...extraLanguages, lang];
    return all.filter((l, i) => all.indexOf(l) === i);
  }, [myLanguage, saved, draft.fields, extraLanguages, lang]);

  useLeaveGuard(dirty, leaving);

  const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

  const setFields = (update: (fields: DraftField[]) => DraftField[]) => setDraft((d) => ({ ...d, fields: update(d.fields) }));

  const clearFieldErrors = (key: string) =>
    setErrors((e) => {
      if (!e.fields[key]) return e;
      const fields = { ...e.fields };
      delete fields[key];
      return { ...e, fields };
    });

  const updateField = (key: string, update: (f: DraftField) => DraftField) => {
    setFields((fields) => {
      const next = fields.map((f) => (f.key === key ? update(f) : f));
      return next.map((f) => (f.key === key && !f.saved && !f.idTouched ? { ...f, id: idForLabel(f.label, lang, next, f.key, savedIds) } : f));
    });
    clearFieldErrors(key);
  };

  const moveField = (index: number, delta: -1 | 1, dir: "up" | "down") => {
    const target = index + delta;
    if (target < 0 || target >= draft.fields.length) return;
    const field = draft.fields[index];
    setFields((fields) => {
      const next = [...fields];
      [next[index], next[target]] = [next[target], next[index]];
      return next;
    });
    setAnnounce(t("announce.moved", { name: titleOf(field, index), position: target + 1, count: draft.fields.length }));
    // At the top (or bottom) that button is disabled: keep focus on its neighbour instead.
    const blocked = dir === "up" ? target === 0 : target === draft.fields.length - 1;
    const button = blocked ? (dir === "up" ? "down" : "up") : dir;
    focusLater(`fd-${field.key}-${button}`);
  };

  const removeField = (index: number) => {
    const field = draft.fields[index];
    setFields((fields) => fields.filter((f) => f.key !== field.key));
    if (field.saved) setRemoved((r) => [...r, { field, index }]);
    clearFieldErrors(field.key);
    setAnnounce(field.saved ? t("announce.removedSaved", { name: titleOf(field, index) }) : t("announce.removed", { name: titleOf(field, index) }));
    const neighbour = draft.fields[index + 1] ?? draft.fields[index - 1];
    focusLater(neighbour ? `fd-${neighbour.key}-label` : "fd-add-text");
  };

  const restoreField = (item: Removed) => {
    setRemoved((r) => r.filter((x) => x.field.key !== item.field.key));
    setFields((fields) => [...fields.slice(0, item.index), item.field, ...fields.slice(item.index)]);
    setAnnounce(t("announce.restored", { name: titleOf(item.field, item.index) }));
    focusLater(`fd-${item.field.key}-label`);
  };

  const addField = (type: FieldType) => {
    const field = newField(type, draft.fields, savedIds);
    setFields((fields) => [...fields, field]);
    setAnnounce(t("announce.added", { type: t(`fieldTypes.${type}.label`), number: draft.fields.length + 1 }));
    focusLater(`fd-${field.key}-label`);
  };

  const discard = () => {
    setDraft(draftFromForm(saved));
    setRemoved([]);
    setErrors({ fields: {} });
    setAnnounce(t("announce.discarded"));
  };

  /** Sends the draft; throws only when `force` (the confirm dialog shows the message). */
  const send = async (force: boolean) => {
    const fields = fieldsForApi(draft.fields);
    try {
      const result = await save.mutateAsync({ id: saved.id, input: { name: draft.name.trim(), fields, ...(force ? { force: true } : {}) } });
      qc.setQueryData(formKeys.detail(result.id), result);
      const fresh = draftFromForm(result);
      // Keep the React keys (and so focus and open details) of the fields that stay.
      fresh.fields.forEach((f, i) => {
        if (draft.fields[i]?.id === f.id) f.key = draft.fields[i].key;
      });
      setSaved(result);
      setDraft(fresh);
      setRemoved([]);
      setErrors({ fields: {} });
      toast.show(force ? t("savedForced") : t("saved"));
    } catch (err) {
      if (isApiError(err) && err.status === 409 && err.details.some((d) => d.path.startsWith("fields."))) {
        if (force) throw err;
        const original = new Map(saved.fields.map((f) => [f.id, f]));
        setConflict(
          err.details
            .filter((d) => d.path.startsWith("fields."))
            .map((d) => {
              const id = d.path.slice("fields.".length);
              return { id, title: inLanguage(original.get(id)?.label, lang) || id };
            }),
        );
        return;
      }
      if (isApiError(err) && err.details.length) {
        const mapped = mapApiDetails(err.details, draft.fields);
        setErrors({ name: mapped.name, fields: mapped.fields, form: mapped.rest.length ? mapped.rest.join(" ") : undefined });
      } else setErrors({ fields: {}, form: errorMessage(err) });
      if (force) throw err;
      focusFirstError();
    }
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const input = document.querySelector<HTMLElement>(".fd-editor input[aria-invalid='true']");
      if (input) input.focus();
      else document.querySelector<HTMLElement>(".fd-editor .form-error, .fd-editor .field-error")?.scrollIntoView({ block: "center" });
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    const local = validateDraft(draft, (problem) => t(`errors.${problem}`));
    if (local.name || Object.keys(local.fields).length) {
      setErrors({ name: local.name, fields: local.fields });
      focusFirstError();
      return;
    }
    setErrors({ fields: {} });
    await send(false);
  };

  return (
    <>
      <Link href="/settings/forms" className="back-link">
        <span aria-hidden="true">←</span> {t("title")}
      </Link>
      <form className="card fd-editor" onSubmit={submit} noValidate aria-labelledby="fd-title">
        <div className="card-head">
          <div className="fd-head-text">
            <h2 id="fd-title">{saved.name}</h2>
            <p>{t("editorSummary", { fields: draft.fields.length, private: privateCount, saved: format.moment(saved.updated_at, true) })}</p>
          </div>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDeleting(true)}>
            {t("deleteAction")}
          </button>
        </div>

        <div className="card-body stack fd-settings">
          {formMessage && (
            <p className="form-error" role="alert">
              {formMessage}
            </p>
          )}
          <Field label={t("formName")} error={errors.name}>
            {(p) => (
              <input
                {...p}
                className="input"
                value={draft.name}
                onChange={(e) => {
                  setDraft({ ...draft, name: e.target.value });
                  if (errors.name) setErrors({ ...errors, name: undefined });
                }}
                autoComplete="off"
              />
            )}
          </Field>
          <LanguageBar
            languages={languages}
            lang={lang}
            myLanguage={myLanguage}
            onPick={(l) => setLang(l)}
            onAdd={(l) => {
              setExtraLanguages((x) => (x.includes(l) ? x : [...x, l]));
              setLang(l);
              setAnnounce(t("announce.editing", { language: languageName(l, locale) }));
            }}
          />
        </div>

        <div className="fd-fields-head">
          <h3>{t("fieldsTitle")}</h3>
          <p className="muted small">{t("fieldsHint")}</p>
        </div>
        {draft.fields.length === 0 ? (
          <div className="fd-empty">
            <p className="state-title">{t("noFields")}</p>
            <p className="muted">{t("noFieldsText")}</p>
          </div>
        ) : (
          <ol className="fd-fields">
            {draft.fields.map((f, i) => (
              <FieldEditor
                key={f.key}
                field={f}
                index={i}
                count={draft.fields.length}
                lang={lang}
                errors={errors.fields[f.key]}
                onChange={(update) => updateField(f.key, update)}
                onMove={(delta, dir) => moveField(i, delta, dir)}
                onRemove={() => removeField(i)}
              />
            ))}
          </ol>
        )}

        <RemovedFields removed={removed} titleOf={titleOf} onRestore={restoreField} />

        <AddFieldButtons onAdd={addField} />

        <div className={`fd-savebar${dirty || save.isPending ? " fd-savebar-dirty" : ""}`}>
          <span className="fd-status" aria-live="polite">
            {save.isPending ? (
              <span className="muted">{t("saving")}</span>
            ) : dirty ? (
              <span className="badge badge-warning">{t("unsaved")}</span>
            ) : (
              <span className="muted small">{t("allSaved")}</span>
            )}
          </span>
          <button type="button" className="btn" onClick={discard} disabled={!dirty || save.isPending}>
            {t("discard")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
            {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {save.isPending ? t("saving") : t("save")}
          </button>
        </div>
        <p className="sr-only" aria-live="polite">
          {announce}
        </p>
      </form>

      <ConfirmDialog
        open={conflict !== null}
        onClose={() => setConflict(null)}
        title={t("conflict.title")}
        message={
          <div className="stack-sm">
            <p>{t("conflict.lead", { count: conflict?.length ?? 0 })}</p>
            <ul className="fd-conflict-list">
              {conflict?.map((c) => (
                <li key={c.id}>
                  <strong>{c.title}</strong> <code className="muted">{c.id}</code>
                </li>
              ))}
            </ul>
            <p>{t.rich("conflict.consequence", { count: conflict?.length ?? 0, strong: (chunks) => <strong>{chunks}</strong> })}</p>
          </div>
        }
        confirmLabel={t("conflict.confirm")}
        danger
        onConfirm={() => send(true)}
      />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t("deleteTitle", { name: saved.name })}
        message={t("deleteConsequence")}
        confirmLabel={t("deleteAction")}
        danger
        onConfirm={async () => {
          await del.mutateAsync(saved.id);
          leaving.current = true;
          toast.show(t("deleted", { name: saved.name }));
          router.push("/settings/forms");
        }}
      />
    </>
  );
}
