"use client";

import { useMemo, useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import type { Role } from "@/components/roles/use-roles";
import type { Tag } from "@/components/tags/use-tags";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { LanguageOptions } from "./languages";
import type { Person, PersonDetail } from "./person-types";
import { useUpdatePerson } from "./use-people";

type Errors = Partial<Record<"first" | "last" | "email" | "language" | "roles" | "tags" | "mentors" | "_", string>>;

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
const sameRoles = (a: Record<string, 1 | 2>, b: Record<string, 1 | 2>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Name, e-mail, language, roles, tags and mentors; saved together with one PATCH of what changed. */
export function PersonDetailsForm({
  person,
  roles,
  tags,
  people,
  canEdit,
}: {
  person: PersonDetail;
  roles: Role[];
  tags: Tag[];
  people: Person[];
  canEdit: boolean;
}) {
  const toast = useToast();
  const update = useUpdatePerson(person.id);
  const [form, setForm] = useState({
    first: person.first,
    last: person.last,
    email: person.email,
    language: person.language,
    roles: { ...person.roles },
    tags: [...person.tags],
    mentors: [...person.mentors],
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const roleById = useMemo(() => new Map(roles.map((r) => [r.id, r])), [roles]);
  const mentorRoleIds = useMemo(() => new Set(roles.filter((r) => r.kind === "mentor").map((r) => r.id)), [roles]);
  const mentorChoices = useMemo(
    () =>
      people
        .filter((p) => p.id !== person.id && (form.mentors.includes(p.id) || (!p.archived && Object.keys(p.roles).some((id) => mentorRoleIds.has(id)))))
        .sort((a, b) => `${a.last} ${a.first}`.localeCompare(`${b.last} ${b.first}`)),
    [people, person.id, mentorRoleIds, form.mentors],
  );
  const isCandidate = Object.keys(form.roles).some((id) => roleById.get(id)?.kind === "candidate");
  const showMentors = isCandidate || form.mentors.length > 0;

  const setRole = (id: string, value: "" | "1" | "2") => {
    const next: Record<string, 1 | 2> = {};
    for (const [rid, v] of Object.entries(form.roles)) if (rid !== id) next[rid] = value === "1" && v === 1 ? 2 : v;
    if (value) next[id] = Number(value) as 1 | 2;
    set({ roles: next });
  };

  const changes = {
    ...(form.first.trim() !== person.first ? { first: form.first.trim() } : {}),
    ...(form.last.trim() !== person.last ? { last: form.last.trim() } : {}),
    ...(form.email.trim() !== person.email ? { email: form.email.trim() } : {}),
    ...(form.language.trim() !== person.language ? { language: form.language.trim() } : {}),
    ...(!sameRoles(form.roles, person.roles) ? { roles: form.roles } : {}),
    ...(!sameSet(form.tags, person.tags) ? { tags: form.tags } : {}),
    ...(!sameSet(form.mentors, person.mentors) ? { mentors: form.mentors } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!canEdit || !dirty) return;
    const local: Errors = {};
    if (!form.first.trim()) local.first = "Enter the first name.";
    if (!form.last.trim()) local.last = "Enter the last name.";
    if (!form.email.trim()) local.email = "Enter the e-mail address.";
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await update.mutateAsync(changes);
      toast.show("Changes saved.");
    } catch (err) {
      if (isApiError(err) && err.status === 409) setErrors({ email: err.message });
      else if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  const reset = () => {
    setErrors({});
    setForm({
      first: person.first,
      last: person.last,
      email: person.email,
      language: person.language,
      roles: { ...person.roles },
      tags: [...person.tags],
      mentors: [...person.mentors],
    });
  };

  return (
    <form onSubmit={submit} className="card" noValidate aria-label="Person details">
      <div className="card-head">
        <h2>Details</h2>
        {!canEdit && <span className="badge">Read only</span>}
      </div>
      <div className="card-body stack">
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <div className="grid-2">
          <Field label="First name" error={errors.first}>
            {(p) => <input {...p} className="input" value={form.first} onChange={(e) => set({ first: e.target.value })} readOnly={!canEdit} />}
          </Field>
          <Field label="Last name" error={errors.last}>
            {(p) => <input {...p} className="input" value={form.last} onChange={(e) => set({ last: e.target.value })} readOnly={!canEdit} />}
          </Field>
        </div>
        <div className="grid-2">
          <Field label="E-mail" error={errors.email}>
            {(p) => <input {...p} className="input" type="email" value={form.email} onChange={(e) => set({ email: e.target.value })} readOnly={!canEdit} />}
          </Field>
          <Field label="Language" error={errors.language} hint={canEdit ? "Messages are translated into this language." : undefined}>
            {(p) => (
              <>
                <input {...p} className="input" list="person-languages" value={form.language} onChange={(e) => set({ language: e.target.value })} readOnly={!canEdit} />
                <LanguageOptions id="person-languages" />
              </>
            )}
          </Field>
        </div>

        <fieldset>
          <legend>Roles</legend>
          {canEdit ? (
            <div className="role-grid">
              {roles.map((r) => {
                const id = `role-${r.id}`;
                return (
                  <div key={r.id} className="role-line">
                    <label htmlFor={id}>{r.name}</label>
                    <select id={id} className="select" value={form.roles[r.id] ? String(form.roles[r.id]) : ""} onChange={(e) => setRole(r.id, e.target.value as "" | "1" | "2")}>
                      <option value="">Not held</option>
                      <option value="1">Primary</option>
                      <option value="2">Secondary</option>
                    </select>
                  </div>
                );
              })}
            </div>
          ) : (
            <div className="chips">
              {Object.entries(person.roles)
                .sort(([, a], [, b]) => a - b)
                .map(([id, v]) => (
                  <span key={id} className={`badge ${v === 1 ? "badge-primary" : ""}`}>
                    {roleById.get(id)?.name ?? "Unknown role"}
                    {v === 1 ? " · primary" : ""}
                  </span>
                ))}
              {Object.keys(person.roles).length === 0 && <span className="muted">No role</span>}
            </div>
          )}
          {errors.roles && <p className="field-error">{errors.roles}</p>}
        </fieldset>

        <fieldset>
          <legend>Tags</legend>
          {tags.length === 0 ? (
            <p className="muted small">No tags defined yet. Tags are managed under Settings → Tags.</p>
          ) : (
            <div className="toggle-chips">
              {tags.map((t) => (
                <label key={t.id} className="toggle-chip">
                  <input
                    type="checkbox"
                    disabled={!canEdit}
                    checked={form.tags.includes(t.id)}
                    onChange={(e) => set({ tags: e.target.checked ? [...form.tags, t.id] : form.tags.filter((x) => x !== t.id) })}
                  />
                  {t.name}
                </label>
              ))}
            </div>
          )}
          {errors.tags && <p className="field-error">{errors.tags}</p>}
        </fieldset>

        {showMentors && (
          <fieldset>
            <legend>Mentors</legend>
            {mentorChoices.length === 0 ? (
              <p className="muted small">
                {canEdit ? "Nobody holds a mentor role yet. Give someone a Mentor role first." : "No mentor assigned."}
              </p>
            ) : (
              <div className="toggle-chips">
                {mentorChoices.map((m) => (
                  <label key={m.id} className="toggle-chip">
                    <input
                      type="checkbox"
                      disabled={!canEdit}
                      checked={form.mentors.includes(m.id)}
                      onChange={(e) => set({ mentors: e.target.checked ? [...form.mentors, m.id] : form.mentors.filter((x) => x !== m.id) })}
                    />
                    {m.first} {m.last}
                  </label>
                ))}
              </div>
            )}
            {errors.mentors && <p className="field-error">{errors.mentors}</p>}
          </fieldset>
        )}

        {canEdit && (
          <div className="form-actions">
            {dirty && <span className="muted small">Unsaved changes</span>}
            <button type="button" className="btn" onClick={reset} disabled={!dirty || update.isPending}>
              Discard
            </button>
            <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
              {update.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
              Save changes
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
