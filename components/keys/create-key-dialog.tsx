"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch, isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useFrameMe } from "@/components/me/me-context";
import { ADMIN_SCOPES, SCOPES, type NewApiKey, type Scope } from "./api-key";
import { DialogActions } from "@/components/ui/dialog-actions";

/** Name, scopes (read:people ticked to start with) and an optional last day; the key itself comes back once. */
export function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (k: NewApiKey) => void }) {
  const t = useTranslations("keys");
  const errorMessage = useErrorMessage();
  const format = useDisplayFormat();
  const admin = Boolean(useFrameMe()?.kinds.includes("admin"));
  const [pending, setPending] = useState(false);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Scope[]>(["read:people"]);
  const [expires, setExpires] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t("nameRequired");
    if (!scopes.length) local.scopes = t("scopesRequired");
    const expiresAt = expires ? new Date(`${expires}T23:59:59`).getTime() : null;
    if (expiresAt !== null && expiresAt <= Date.now()) local.expires_at = t("expiresInPast");
    setErrors(local);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      onCreated(await apiFetch<NewApiKey>("/api/keys", { method: "POST", body: { name: name.trim(), scopes, expires_at: expiresAt } }));
    } catch (err) {
      if (isApiError(err) && err.details.length) setErrors({ ...err.fieldErrors(), _: err.message });
      else setErrors({ _: errorMessage(err) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t("new")}>
      <form onSubmit={submit} className="stack" noValidate>
        {errors._ && (
          <p className="form-error" role="alert">
            {errors._}
          </p>
        )}
        <Field label={t("columns.name")} error={errors.name} hint={t("nameHint")}>
          {(p) => <input {...p} className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
        </Field>
        <fieldset>
          <legend>{t("columns.scopes")}</legend>
          <div className="stack-sm">
            {SCOPES.map((s) => {
              const refused = ADMIN_SCOPES.includes(s) && !admin;
              return (
                <label key={s} className="check check-top">
                  <input
                    type="checkbox"
                    checked={scopes.includes(s)}
                    disabled={refused}
                    onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                  />
                  <span>
                    <code>{s}</code> <span className="muted">— {t(`scopes.${s}`)}</span>
                    {refused && <span className="field-hint"> {t("adminOnlyScope")}</span>}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.scopes && <p className="field-error">{errors.scopes}</p>}
        </fieldset>
        <Field label={t("expiresLabel")} error={errors.expires_at} hint={expires ? t("expiresOn", { day: format.day(expires, "full") }) : t("expiresHint")}>
          {(p) => <input {...p} className="input input-date" type="date" min={tomorrow} value={expires} onChange={(e) => setExpires(e.target.value)} />}
        </Field>
        <DialogActions submitLabel={t("create")} onCancel={onClose} pending={pending} />
      </form>
    </Dialog>
  );
}
