"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { DialogActions } from "@/components/ui/dialog-actions";

export type FieldErrors = Record<string, string>;

/**
 * Create or edit a definition (role, board, profile): a name, the kind's own fields
 * (`children`, told the server's errors per field), and Cancel / Create or Save. An empty
 * name is refused before sending; the server's validation details land on their fields.
 * Its words come from the definition's own messages (`namespace`: new, create, save, saved, created).
 */
export function DefinitionDialog({
  namespace,
  editing,
  name,
  onName,
  nameHint,
  save,
  saving,
  onClose,
  children,
}: {
  namespace: string;
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
  const t = useTranslations(namespace);
  const common = useTranslations("settings");
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setErrors({ name: common("nameRequired") });
    try {
      await save(trimmed);
      toast.show(editing ? t("saved") : t("created", { name: trimmed }));
      onClose();
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    }
  };

  return (
    <Dialog open onClose={onClose} title={editing ? common("editTitle", { name: editing.name }) : t("new")}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label={common("name")} error={errors.name} hint={nameHint}>
          {(p) => <input {...p} className="input" value={name} onChange={(e) => onName(e.target.value)} autoComplete="off" />}
        </Field>
        {children?.(errors)}
        <DialogActions submitLabel={editing ? t("save") : t("create")} onCancel={onClose} pending={saving} />
      </form>
    </Dialog>
  );
}
