"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import type { ApiKey, NewApiKey } from "./api-key";

/** The grace periods offered, in seconds (the API takes any from 0 to 7 days). */
const GRACES = [
  { seconds: 0, label: "now" },
  { seconds: 3600, label: "hour" },
  { seconds: 86_400, label: "day" },
  { seconds: 3 * 86_400, label: "threeDays" },
  { seconds: 7 * 86_400, label: "week" },
] as const;

/** Asks how long the current secret keeps working, then rotates; the new secret comes back once. */
export function RotateKeyDialog({
  apiKey,
  onClose,
  onRotated,
}: {
  apiKey: ApiKey;
  onClose: () => void;
  onRotated: (k: NewApiKey, graceSeconds: number) => void;
}) {
  const t = useTranslations("keys");
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [grace, setGrace] = useState(86_400);
  const [error, setError] = useState("");

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError("");
    setPending(true);
    try {
      const body = { grace_seconds: grace };
      onRotated(await apiFetch<NewApiKey>(`/api/keys/${encodeURIComponent(apiKey.id)}/rotate`, { method: "POST", body }), grace);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t("rotateTitle", { name: apiKey.name })} description={t("rotateDescription")}>
      <form onSubmit={submit} className="stack" noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <fieldset>
          <legend>{t("graceLegend", { hint: apiKey.hint })}</legend>
          <div className="stack-sm">
            {GRACES.map((g) => (
              <label key={g.seconds} className="check">
                <input type="radio" name="grace" value={g.seconds} checked={grace === g.seconds} onChange={() => setGrace(g.seconds)} />
                {t(`grace.${g.label}`)}
              </label>
            ))}
          </div>
          <p className="field-hint">{grace === 0 ? t("graceNowHint") : t("graceHint")}</p>
        </fieldset>
        <DialogActions submitLabel={t("rotateAction")} onCancel={onClose} pending={pending} lockCancel />
      </form>
    </Dialog>
  );
}
