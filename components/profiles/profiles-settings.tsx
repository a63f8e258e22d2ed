"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { useForms } from "@/components/forms/use-forms";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDeleteProfile, useProfiles, useSaveProfile, type Profile } from "./use-profiles";
import { DefinitionsCard } from "@/components/settings/definitions-card";

/** /settings/profiles: kinds of interview, each with the form its interviews start with. */
export function ProfilesSettings() {
  const profiles = useProfiles();
  const forms = useForms();
  const del = useDeleteProfile();
  const [editing, setEditing] = useState<Profile | "new" | null>(null);
  const formById = useMemo(() => new Map((forms.data ?? []).map((f) => [f.id, f])), [forms.data]);

  const defaultForm = (p: Profile) => {
    const form = p.form_id ? formById.get(p.form_id) : undefined;
    return !p.form_id ? (
      <span className="muted">No default form</span>
    ) : form ? (
      <Link href={`/settings/forms/${form.id}`}>{form.name}</Link>
    ) : forms.isPending ? (
      <span className="muted">…</span>
    ) : (
      <span className="muted">Unknown form</span>
    );
  };

  return (
    <DefinitionsCard
      noun="profile"
      title="Profiles"
      description="Kinds of interview, such as a renewal. Each starts with its default form."
      emptyText="Create a profile for each kind of interview your district holds."
      query={profiles}
      columns={[
        { label: "Name", cell: (p) => <strong>{p.name}</strong> },
        { label: "Default form", cell: defaultForm },
      ]}
      onNew={() => setEditing("new")}
      onEdit={setEditing}
      deleteConsequence="Interviews created with this profile keep their records, form and answers; they just no longer name a profile."
      remove={(id) => del.mutateAsync(id)}
    >
      {editing && <ProfileDialog profile={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </DefinitionsCard>
  );
}

function ProfileDialog({ profile, onClose }: { profile: Profile | null; onClose: () => void }) {
  const save = useSaveProfile();
  const forms = useForms();
  const toast = useToast();
  const [name, setName] = useState(profile?.name ?? "");
  const [formId, setFormId] = useState(profile?.form_id ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const known = !formId || forms.data?.some((f) => f.id === formId);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: "Enter a name." });
    try {
      await save.mutateAsync({ id: profile?.id, input: { name: name.trim(), form_id: formId || null } });
      toast.show(profile ? "Profile saved." : `The profile “${name.trim()}” was created.`);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} title={profile ? `Edit “${profile.name}”` : "New profile"}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label="Name" error={errors.name} hint="For example: Initial credential, Renewal.">
          {(p) => <input {...p} className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        {forms.isError ? (
          <ErrorState error={forms.error} onRetry={() => forms.refetch()} title="Could not load forms" />
        ) : (
          <Field
            label="Default form"
            error={errors.form_id}
            hint={forms.data?.length === 0 ? "No forms yet: create one under Settings → Forms." : "New interviews of this profile start with this form."}
          >
            {(p) => (
              <select {...p} className="select" value={formId} onChange={(e) => setFormId(e.target.value)} disabled={forms.isPending}>
                <option value="">{forms.isPending ? "Loading forms…" : "No default form"}</option>
                {forms.data?.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
                {!known && !forms.isPending && <option value={formId}>Unknown form</option>}
              </select>
            )}
          </Field>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {profile ? "Save profile" : "Create profile"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
