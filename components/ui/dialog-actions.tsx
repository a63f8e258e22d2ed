"use client";

import { useTranslations } from "next-intl";

/**
 * A dialog form's footer: Cancel, and the submit button, which shows a spinner and stays
 * disabled while the request runs. `lockCancel` also disables Cancel meanwhile, for dialogs
 * whose request must not be abandoned halfway.
 */
export function DialogActions({
  submitLabel,
  onCancel,
  pending,
  lockCancel = false,
  submitDisabled = false,
  danger = false,
  cancelAutoFocus = false,
}: {
  submitLabel: string;
  onCancel: () => void;
  pending: boolean;
  lockCancel?: boolean;
  submitDisabled?: boolean;
  danger?: boolean;
  cancelAutoFocus?: boolean;
}) {
  const ui = useTranslations("ui");
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={onCancel} disabled={lockCancel && pending} data-autofocus={cancelAutoFocus || undefined}>
        {ui("cancel")}
      </button>
      <button type="submit" className={`btn ${danger ? "btn-danger" : "btn-primary"}`} disabled={submitDisabled || pending}>
        {pending && <span className="spinner spinner-sm" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}
