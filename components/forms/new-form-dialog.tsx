"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useSaveForm } from "./use-forms";
import { DialogActions } from "@/components/ui/dialog-actions";

/** Asks for a name, creates the empty form, then opens its editor. */
export function NewFormDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("forms");
  const errorMessage = useErrorMessage();
  const save = useSaveForm();
  const router = useRouter();
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [opening, setOpening] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: t("newNameRequired") });
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
    <Dialog open onClose={() => !busy && onClose()} title={t("new")} size="sm">
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label={t("columns.name")} error={errors.name} hint={t("newNameHint")}>
          {(p) => <input {...p} className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        <DialogActions submitLabel={t("createAndEdit")} onCancel={onClose} pending={busy} lockCancel />
      </form>
    </Dialog>
  );
}
