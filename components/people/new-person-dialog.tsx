"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { LanguagePicker } from "@/components/languages/language-picker";
import { useRoles } from "@/components/roles/use-roles";
import { useTags } from "@/components/tags/use-tags";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useCreatePerson } from "./use-people";
import { DialogActions } from "@/components/ui/dialog-actions";

type Errors = Partial<Record<"first" | "last" | "email" | "language" | "roles" | "tags" | "_", string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a person; server validation errors land under their fields, a duplicate e-mail under E-mail. */
export function NewPersonDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("people");
  const errorMessage = useErrorMessage();
  const router = useRouter();
  const toast = useToast();
  const roles = useRoles();
  const tags = useTags();
  const create = useCreatePerson();
  // A new person reads in the language of whoever adds them, until told otherwise.
  const locale = useLocale();
  const [form, setForm] = useState({ first: "", last: "", email: "", language: locale, role: "", tags: [] as string[] });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!form.first.trim()) local.first = t("errors.first");
    if (!form.last.trim()) local.last = t("errors.last");
    if (!EMAIL.test(form.email.trim())) local.email = t("errors.emailInvalid");
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const person = await create.mutateAsync({
        first: form.first.trim(),
        last: form.last.trim(),
        email: form.email.trim(),
        language: form.language,
        roles: form.role ? { [form.role]: 1 } : undefined,
        tags: form.tags.length ? form.tags : undefined,
      });
      toast.show(t("added", { name: `${person.first} ${person.last}` }));
      onClose();
      router.push(`/people/${person.id}`);
    } catch (err) {
      if (isApiError(err) && err.status === 409) setErrors({ email: err.message });
      else if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} title={t("new")} description={t("newDescription")}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <div className="grid-2">
          <Field label={t("fields.first")} error={errors.first}>
            {(p) => <input {...p} className="input" value={form.first} onChange={(e) => set({ first: e.target.value })} autoComplete="off" />}
          </Field>
          <Field label={t("fields.last")} error={errors.last}>
            {(p) => <input {...p} className="input" value={form.last} onChange={(e) => set({ last: e.target.value })} autoComplete="off" />}
          </Field>
        </div>
        <Field label={t("fields.email")} error={errors.email}>
          {(p) => <input {...p} className="input" type="email" value={form.email} onChange={(e) => set({ email: e.target.value })} autoComplete="off" />}
        </Field>
        <div className="grid-2">
          <Field label={t("fields.language")} error={errors.language} hint={t("languageHint")}>
            {(p) => <LanguagePicker {...p} value={form.language} onChange={(language) => set({ language })} />}
          </Field>
          <Field label={t("fields.primaryRole")} error={errors.roles}>
            {(p) => (
              <select {...p} className="select" value={form.role} onChange={(e) => set({ role: e.target.value })}>
                <option value="">{t("noRoleYet")}</option>
                {roles.data?.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {tags.data && tags.data.length > 0 && (
          <fieldset>
            <legend>{t("fields.tags")}</legend>
            <div className="toggle-chips">
              {tags.data.map((tag) => (
                <label key={tag.id} className="toggle-chip">
                  <input
                    type="checkbox"
                    checked={form.tags.includes(tag.id)}
                    onChange={(e) => set({ tags: e.target.checked ? [...form.tags, tag.id] : form.tags.filter((x) => x !== tag.id) })}
                  />
                  {tag.name}
                </label>
              ))}
            </div>
            {errors.tags && <p className="field-error">{errors.tags}</p>}
          </fieldset>
        )}
        <DialogActions submitLabel={t("create")} onCancel={onClose} pending={create.isPending} />
      </form>
    </Dialog>
  );
}
