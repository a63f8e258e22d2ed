"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { LanguagePicker } from "@/components/languages/language-picker";
import type { Role } from "@/components/roles/role";
import type { Tag } from "@/components/tags/use-tags";
import { Field } from "@/components/ui/field";
import { fullName } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
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
  mentorPool,
  canEdit,
}: {
  person: PersonDetail;
  roles: Role[];
  tags: Tag[];
  /** Whoever holds a mentor role, and the mentors already assigned (useMentorChoices). */
  mentorPool: Person[];
  canEdit: boolean;
}) {
  const t = useTranslations("people");
  const errorMessage = useErrorMessage();
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
      mentorPool
        .filter((p) => p.id !== person.id && (form.mentors.includes(p.id) || (!p.archived && Object.keys(p.roles).some((id) => mentorRoleIds.has(id)))))
        .sort((a, b) => `${a.last} ${a.first}`.localeCompare(`${b.last} ${b.first}`)),
    [mentorPool, person.id, mentorRoleIds, form.mentors],
  );
  const assignedMentors = mentorPool.filter((p) => person.mentors.includes(p.id));
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
    ...(form.language !== person.language ? { language: form.language } : {}),
    ...(!sameRoles(form.roles, person.roles) ? { roles: form.roles } : {}),
    ...(!sameSet(form.tags, person.tags) ? { tags: form.tags } : {}),
    ...(!sameSet(form.mentors, person.mentors) ? { mentors: form.mentors } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!canEdit || !dirty) return;
    const local: Errors = {};
    if (!form.first.trim()) local.first = t("errors.first");
    if (!form.last.trim()) local.last = t("errors.last");
    if (!form.email.trim()) local.email = t("errors.email");
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      await update.mutateAsync(changes);
      toast.show(t("saved"));
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
    <form onSubmit={submit} className="card" noValidate aria-label={t("detailsLabel")}>
      <div className="card-head">
        <h2>{t("details")}</h2>
        {!canEdit && <span className="badge">{t("readOnly")}</span>}
      </div>
      <div className="card-body stack">
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <div className="grid-2">
          <Field label={t("fields.first")} error={errors.first}>
            {(p) => <input {...p} className="input" value={form.first} onChange={(e) => set({ first: e.target.value })} readOnly={!canEdit} />}
          </Field>
          <Field label={t("fields.last")} error={errors.last}>
            {(p) => <input {...p} className="input" value={form.last} onChange={(e) => set({ last: e.target.value })} readOnly={!canEdit} />}
          </Field>
        </div>
        <div className="grid-2">
          <Field label={t("fields.email")} error={errors.email}>
            {(p) => <input {...p} className="input" type="email" value={form.email} onChange={(e) => set({ email: e.target.value })} readOnly={!canEdit} />}
          </Field>
          <Field label={t("fields.language")} error={errors.language} hint={canEdit ? t("languageHint") : undefined}>
            {(p) => <LanguagePicker {...p} value={form.language} onChange={(language) => set({ language })} readOnly={!canEdit} />}
          </Field>
        </div>

        <fieldset>
          <legend>{t("fields.roles")}</legend>
          {canEdit ? (
            <div className="role-grid">
              {roles.map((r) => {
                const id = `role-${r.id}`;
                return (
                  <div key={r.id} className="role-line">
                    <label htmlFor={id}>{r.name}</label>
                    <select
                      id={id}
                      className="select"
                      value={form.roles[r.id] ? String(form.roles[r.id]) : ""}
                      onChange={(e) => setRole(r.id, e.target.value as "" | "1" | "2")}
                    >
                      <option value="">{t("roleNotHeld")}</option>
                      <option value="1">{t("rolePrimary")}</option>
                      <option value="2">{t("roleSecondary")}</option>
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
                    {v === 1 ? t("primaryRoleBadge", { name: roleById.get(id)?.name ?? t("unknownRole") }) : (roleById.get(id)?.name ?? t("unknownRole"))}
                  </span>
                ))}
              {Object.keys(person.roles).length === 0 && <span className="muted">{t("noRole")}</span>}
            </div>
          )}
          {errors.roles && <p className="field-error">{errors.roles}</p>}
        </fieldset>

        <fieldset>
          <legend>{t("fields.tags")}</legend>
          {!canEdit ? (
            // A reader who may not edit sees this person's tags, not the district's whole list.
            <div className="chips">
              {person.tags.map((id) => (
                <span key={id} className="badge">
                  {tags.find((tag) => tag.id === id)?.name ?? person.tag_details?.find((tag) => tag.id === id)?.name ?? t("unknownTag")}
                </span>
              ))}
              {person.tags.length === 0 && <span className="muted">{t("noTags")}</span>}
            </div>
          ) : tags.length === 0 ? (
            <p className="muted small">{t("noTagsDefined")}</p>
          ) : (
            <div className="toggle-chips">
              {tags.map((tag) => (
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
          )}
          {errors.tags && <p className="field-error">{errors.tags}</p>}
        </fieldset>

        {showMentors && (
          <fieldset>
            <legend>{t("fields.mentors")}</legend>
            {!canEdit ? (
              // A reader who may not edit sees the mentors they know by name, else how many there are.
              <p className="small">
                {assignedMentors.length
                  ? assignedMentors.map(fullName).join(", ")
                  : person.mentors.length
                    ? t("mentorCount", { count: person.mentors.length })
                    : t("noMentor")}
              </p>
            ) : mentorChoices.length === 0 ? (
              <p className="muted small">{t("noMentorRole")}</p>
            ) : (
              <div className="toggle-chips">
                {mentorChoices.map((m) => (
                  <label key={m.id} className="toggle-chip">
                    <input
                      type="checkbox"
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
            {dirty && <span className="muted small">{t("unsaved")}</span>}
            <button type="button" className="btn" onClick={reset} disabled={!dirty || update.isPending}>
              {t("discard")}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
              {update.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
              {t("save")}
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
