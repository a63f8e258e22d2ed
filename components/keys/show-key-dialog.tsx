"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { NewApiKey } from "./use-api-keys";

/** The new key, shown this once, with a copy button. Closed only by saying it is stored. */
export function ShowKeyDialog({
  created,
  onClose,
  rotation,
}: {
  created: NewApiKey;
  onClose: () => void;
  /** After a rotation: the secret it replaced (hint) and how long that one keeps working. */
  rotation?: { oldHint: string; graceSeconds: number };
}) {
  const t = useTranslations("keys");
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const format = useDisplayFormat();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
    } catch {
      input.current?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} title={rotation ? t("rotatedTitle", { name: created.name }) : t("createdTitle")} closeOnBackdrop={false}>
      <div className="stack">
        <p className="notice" role="note">
          {t.rich("shownOnce", { strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        {rotation && (
          <p>
            {rotation.graceSeconds > 0
              ? t("rotatedOldWorks", { hint: rotation.oldHint, until: format.moment((created.rotated_at ?? Date.now()) + rotation.graceSeconds * 1000, true) })
              : t("rotatedOldStopped", { hint: rotation.oldHint })}
          </p>
        )}
        <div className="field">
          <label className="field-label" htmlFor="new-api-key">
            {t("keyFor", { name: created.name })}
          </label>
          <div className="key-box">
            <input
              ref={input}
              id="new-api-key"
              className="input"
              readOnly
              value={created.key}
              onFocus={(e) => e.currentTarget.select()}
              data-autofocus
              spellCheck={false}
            />
            <button type="button" className="btn btn-primary" onClick={copy}>
              {copied ? t("copied") : t("copy")}
            </button>
          </div>
          <p className="field-hint" aria-live="polite">
            {copied ? t("onClipboard") : t("howToSend")}
          </p>
        </div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t("stored")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
