"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForms } from "@/components/forms/use-forms";
import { Field } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { useDeleteProfile, useProfiles, useSaveProfile, type Profile } from "./use-profiles";
import { DefinitionDialog } from "@/components/settings/definition-dialog";
import { DefinitionsCard } from "@/components/settings/definitions-card";

/** /settings/profiles: kinds of interview, each with the form its interviews start with. */
export function ProfilesSettings() {
  const t = useTranslations("profiles");
  const profiles = useProfiles();
  const forms = useForms();
  const del = useDeleteProfile();
  const [editing, setEditing] = useState<Profile | "new" | null>(null);
  const formById = useMemo(() => new Map((forms.data ?? []).map((f) => [f.id, f])), [forms.data]);

  const defaultForm = (p: Profile) => {
    const form = p.form_id ? formById.get(p.form_id) : undefined;
    return !p.form_id ? (
      <span className="muted">{t("noDefaultForm")}</span>
    ) : form ? (
      <Link href={`/settings/forms/${form.id}`}>{form.name}</Link>
    ) : forms.isPending ? (
      <span className="muted">…</span>
    ) : (
      <span className="muted">{t("unknownForm")}</span>
    );
  };

  return (
    <DefinitionsCard
      namespace="profiles"
      query={profiles}
      columns={[
        { label: t("columns.name"), cell: (p) => <strong>{p.name}</strong> },
        { label: t("columns.defaultForm"), cell: defaultForm },
      ]}
      onNew={() => setEditing("new")}
      onEdit={setEditing}
      remove={(id) => del.mutateAsync(id)}
    >
      {editing && <ProfileDialog profile={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </DefinitionsCard>
  );
}

function ProfileDialog({ profile, onClose }: { profile: Profile | null; onClose: () => void }) {
  const t = useTranslations("profiles");
  const save = useSaveProfile();
  const forms = useForms();
  const [name, setName] = useState(profile?.name ?? "");
  const [formId, setFormId] = useState(profile?.form_id ?? "");
  const known = !formId || forms.data?.some((f) => f.id === formId);

  return (
    <DefinitionDialog
      namespace="profiles"
      editing={profile}
      name={name}
      onName={setName}
      nameHint={t("nameHint")}
      save={(trimmed) => save.mutateAsync({ id: profile?.id, input: { name: trimmed, form_id: formId || null } })}
      saving={save.isPending}
      onClose={onClose}
    >
      {(errors) =>
        forms.isError ? (
          <ErrorState error={forms.error} onRetry={() => forms.refetch()} title={t("couldNotLoadForms")} />
        ) : (
          <Field label={t("columns.defaultForm")} error={errors.form_id} hint={forms.data?.length === 0 ? t("noFormsYet") : t("defaultFormHint")}>
            {(p) => (
              <select {...p} className="select" value={formId} onChange={(e) => setFormId(e.target.value)} disabled={forms.isPending}>
                <option value="">{forms.isPending ? t("loadingForms") : t("noDefaultForm")}</option>
                {forms.data?.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
                {!known && !forms.isPending && <option value={formId}>{t("unknownForm")}</option>}
              </select>
            )}
          </Field>
        )
      }
    </DefinitionDialog>
  );
}
