"use client";

import { useState } from "react";
import { errorMessage, isApiError } from "@/components/api/api-fetch";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";

export type FieldErrors = Record<string, string>;

/**
 * Create or edit a definition (role, board, profile): a name, the kind's own fields
 * (`children`, told the server's errors per field), and Cancel / Create or Save. An empty
 * name is refused before sending; the server's validation details land on their fields.
 */
export function DefinitionDialog({
  noun,
  editing,
  name,
  onName,
  nameHint,
  save,
  saving,
  onClose,
  children,
}: {
  noun: string;
  /** The record being edited, or null for a new one. */
  editing: { name: string } | null;
  name: string;
  onName: (name: string) => void;
  nameHint?: string;
  /** Sends the record with the trimmed name. */
  save: (name: string) => Promise<unknown>;
  saving: boolean;
  onClose: () => void;
  children?: (errors: FieldErrors) => React.ReactNode;
}) {
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setErrors({ name: "Enter a name." });
    try {
      await save(trimmed);
      toast.show(editing ? `${title} saved.` : `The ${noun} “${trimmed}” was created.`);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} title={editing ? `Edit “${editing.name}”` : `New ${noun}`}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label="Name" error={errors.name} hint={nameHint}>
          {(p) => <input {...p} className="input" value={name} onChange={(e) => onName(e.target.value)} autoComplete="off" />}
        </Field>
        {children?.(errors)}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving && <span className="spinner spinner-sm" aria-hidden="true" />}
            {editing ? `Save ${noun}` : `Create ${noun}`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
