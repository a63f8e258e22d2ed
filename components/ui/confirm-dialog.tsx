"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "./dialog";

/**
 * "Are you sure?" with the action's own wording. With `confirmText`, the user must type that
 * text (e.g. the person's full name) before the button unlocks. `onConfirm` may throw: its
 * message is shown in the dialog, which stays open.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  danger = false,
  confirmText,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message: React.ReactNode;
  confirmLabel: string;
  danger?: boolean;
  confirmText?: string;
  onConfirm: () => Promise<unknown> | unknown;
}) {
  const t = useTranslations("ui");
  const errorMessage = useErrorMessage();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locked = confirmText !== undefined && typed.trim() !== confirmText.trim();

  const close = () => {
    if (busy) return;
    setTyped("");
    setError(null);
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (locked || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setTyped("");
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title={title} size="sm">
      <form onSubmit={submit} className="stack">
        <div className="dialog-message">{message}</div>
        {confirmText !== undefined && (
          <label className="field">
            <span className="field-label">{t.rich("typeToConfirm", { text: confirmText, strong: (chunks) => <strong>{chunks}</strong> })}</span>
            <input className="input" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" data-autofocus />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close} disabled={busy} data-autofocus={confirmText === undefined ? true : undefined}>
            {t("cancel")}
          </button>
          <button type="submit" className={`btn ${danger ? "btn-danger" : "btn-primary"}`} disabled={locked || busy}>
            {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
