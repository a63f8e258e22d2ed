"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { useRoles } from "@/components/roles/use-roles";
import { useTags } from "@/components/tags/use-tags";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { LanguageOptions } from "./languages";
import { useCreatePerson } from "./use-people";

type Errors = Partial<Record<"first" | "last" | "email" | "language" | "roles" | "tags" | "_", string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Creates a person; server validation errors land under their fields, a duplicate e-mail under E-mail. */
export function NewPersonDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const roles = useRoles();
  const tags = useTags();
  const create = useCreatePerson();
  const [form, setForm] = useState({ first: "", last: "", email: "", language: "en", role: "", tags: [] as string[] });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const close = () => {
    setErrors({});
    setForm({ first: "", last: "", email: "", language: "en", role: "", tags: [] });
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Errors = {};
    if (!form.first.trim()) local.first = "Enter the first name.";
    if (!form.last.trim()) local.last = "Enter the last name.";
    if (!EMAIL.test(form.email.trim())) local.email = "Enter a valid e-mail address.";
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const person = await create.mutateAsync({
        first: form.first.trim(),
        last: form.last.trim(),
        email: form.email.trim(),
        language: form.language.trim() || undefined,
        roles: form.role ? { [form.role]: 1 } : undefined,
        tags: form.tags.length ? form.tags : undefined,
      });
      toast.show(`${person.first} ${person.last} was added.`);
      close();
      router.push(`/people/${person.id}`);
    } catch (err) {
      if (isApiError(err) && err.status === 409) setErrors({ email: err.message });
      else if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open={open} onClose={close} title="New person" description="They can sign in with this e-mail address once invited.">
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <div className="grid-2">
          <Field label="First name" error={errors.first}>
            {(p) => <input {...p} className="input" value={form.first} onChange={(e) => set({ first: e.target.value })} autoComplete="off" />}
          </Field>
          <Field label="Last name" error={errors.last}>
            {(p) => <input {...p} className="input" value={form.last} onChange={(e) => set({ last: e.target.value })} autoComplete="off" />}
          </Field>
        </div>
        <Field label="E-mail" error={errors.email}>
          {(p) => <input {...p} className="input" type="email" value={form.email} onChange={(e) => set({ email: e.target.value })} autoComplete="off" />}
        </Field>
        <div className="grid-2">
          <Field label="Language" error={errors.language} hint="A code such as en, es or pt-BR.">
            {(p) => (
              <>
                <input {...p} className="input" list="new-person-languages" value={form.language} onChange={(e) => set({ language: e.target.value })} />
                <LanguageOptions id="new-person-languages" />
              </>
            )}
          </Field>
          <Field label="Primary role" error={errors.roles}>
            {(p) => (
              <select {...p} className="select" value={form.role} onChange={(e) => set({ role: e.target.value })}>
                <option value="">No role yet</option>
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
            <legend>Tags</legend>
            <div className="toggle-chips">
              {tags.data.map((t) => (
                <label key={t.id} className="toggle-chip">
                  <input
                    type="checkbox"
                    checked={form.tags.includes(t.id)}
                    onChange={(e) => set({ tags: e.target.checked ? [...form.tags, t.id] : form.tags.filter((x) => x !== t.id) })}
                  />
                  {t.name}
                </label>
              ))}
            </div>
            {errors.tags && <p className="field-error">{errors.tags}</p>}
          </fieldset>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            Create person
          </button>
        </div>
      </form>
    </Dialog>
  );
}
