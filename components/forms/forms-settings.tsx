"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { formatDate } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import type { InterviewForm } from "./form-types";
import { useDeleteForm, useForms, useSaveForm } from "./use-forms";
import { ConfirmDeleteDefinition, RowActions } from "@/components/settings/definition-actions";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** /settings/forms: the district's interview forms, each opening its editor. */
export function FormsSettings() {
  const forms = useForms();
  const del = useDeleteForm();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<InterviewForm | null>(null);

  const newButton = (label: string) => (
    <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
      {label}
    </button>
  );

  return (
    <section className="card" aria-labelledby="forms-title">
      <div className="card-head">
        <div>
          <h2 id="forms-title">Forms</h2>
          <p>The questions of an interview. Private fields are seen by administrators and the board only.</p>
        </div>
        {newButton("New form")}
      </div>
      {forms.isPending ? (
        <div className="card-body">
          <Skeleton lines={4} />
        </div>
      ) : forms.isError ? (
        <ErrorState error={forms.error} onRetry={() => forms.refetch()} title="Could not load forms" />
      ) : forms.data.length === 0 ? (
        <EmptyState title="No forms yet" action={newButton("Create a form")}>
          A form lists what the board records in an interview: a recommendation, strengths, documents received…
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Fields</th>
                <th scope="col">Private</th>
                <th scope="col">Last changed</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {forms.data.map((f) => {
                const privateCount = f.fields.filter((x) => x.p === 1).length;
                return (
                  <tr key={f.id}>
                    <td data-label="Name">
                      <Link href={`/settings/forms/${f.id}`} className="fd-form-link">
                        {f.name}
                      </Link>
                    </td>
                    <td data-label="Fields">{f.fields.length ? plural(f.fields.length, "field", "fields") : <span className="muted">No fields yet</span>}</td>
                    <td data-label="Private">
                      {privateCount ? <span className="badge badge-warning">{privateCount} private</span> : <span className="muted">None</span>}
                    </td>
                    <td data-label="Last changed">{formatDate(f.updated_at)}</td>
                    <td className="actions">
                      <RowActions name={f.name} editHref={`/settings/forms/${f.id}`} onDelete={() => setDeleting(f)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {creating && <NewFormDialog onClose={() => setCreating(false)} />}
      <ConfirmDeleteDefinition
        item={deleting}
        noun="form"
        consequence="A form can only be deleted while no interview uses it. Profiles that start with it will have no default form."
        onClose={() => setDeleting(null)}
        remove={(id) => del.mutateAsync(id)}
      />
    </section>
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
