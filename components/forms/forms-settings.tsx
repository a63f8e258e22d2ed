"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { useDeleteForm, useForms, useSaveForm } from "./use-forms";
import { DefinitionsCard } from "@/components/settings/definitions-card";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /settings/forms: the district's interview forms, each opening its editor. */
export function FormsSettings() {
  const forms = useForms();
  const del = useDeleteForm();
  const [creating, setCreating] = useState(false);

  return (
    <DefinitionsCard
      noun="form"
      title="Forms"
      description="The questions of an interview. Private fields are seen by administrators and the board only."
      emptyText="A form lists what the board records in an interview: a recommendation, strengths, documents received…"
      query={forms}
      columns={[
        {
          label: "Name",
          cell: (f) => (
            <Link href={`/settings/forms/${f.id}`} className="fd-form-link">
              {f.name}
            </Link>
          ),
        },
        { label: "Fields", cell: (f) => (f.fields.length ? plural(f.fields.length, "field", "fields") : <span className="muted">No fields yet</span>) },
        {
          label: "Private",
          cell: (f) => {
            const privateCount = f.fields.filter((x) => x.p === 1).length;
            return privateCount ? <span className="badge badge-warning">{privateCount} private</span> : <span className="muted">None</span>;
          },
        },
        { label: "Last changed", cell: (f) => formatDate(f.updated_at) },
      ]}
      onNew={() => setCreating(true)}
      editHref={(f) => `/settings/forms/${f.id}`}
      deleteConsequence="A form can only be deleted while no interview uses it. Profiles that start with it will have no default form."
      remove={(id) => del.mutateAsync(id)}
    >
      {creating && <NewFormDialog onClose={() => setCreating(false)} />}
    </DefinitionsCard>
  );
}

/** Asks for a name, creates the empty form, then opens its editor. */
function NewFormDialog({ onClose }: { onClose: () => void }) {
  const save = useSaveForm();
  const router = useRouter();
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [opening, setOpening] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: "Enter a name, such as “Renewal interview”." });
    try {
      const form = await save.mutateAsync({ input: { name: name.trim(), fields: [] } });
      setOpening(true);
      router.push(`/settings/forms/${form.id}`);
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  const busy = save.isPending || opening;
  return (
    <Dialog open onClose={() => !busy && onClose()} title="New form" size="sm">
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label="Name" error={errors.name} hint="You add the fields next.">
          {(p) => <input {...p} className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
            Create and add fields
          </button>
        </div>
      </form>
    </Dialog>
  );
}
