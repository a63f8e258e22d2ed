"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { EndpointWithSecret } from "./use-webhooks";

/**
 * An endpoint's new signing secret, shown this once (after creation or a rotation), with a copy
 * button. Closed only by saying it is stored.
 */
export function ShowSecretDialog({ endpoint, rotated = false, onClose }: { endpoint: EndpointWithSecret; rotated?: boolean; onClose: () => void }) {
  const t = useTranslations("webhooks");
  const format = useDisplayFormat();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
    } catch {
      input.current?.select();
      document.execCommand?.("copy");
    }
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} title={rotated ? t("rotatedTitle") : t("createdTitle")} closeOnBackdrop={false}>
      <div className="stack">
        <p className="notice" role="note">
          {t.rich("shownOnce", { strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        {rotated && endpoint.previous_secret_expires_at && <p>{t("rotatedOldSigns", { until: format.moment(endpoint.previous_secret_expires_at, true) })}</p>}
        <div className="field">
          <label className="field-label secret-label" htmlFor="new-webhook-secret">
            {t("secretFor", { url: endpoint.url })}
          </label>
          <div className="key-box">
            <input
              ref={input}
              id="new-webhook-secret"
              className="input"
              readOnly
              value={endpoint.secret}
              onFocus={(e) => e.currentTarget.select()}
              data-autofocus
              spellCheck={false}
            />
            <button type="button" className="btn btn-primary" onClick={copy}>
              {copied ? t("copied") : t("copy")}
            </button>
          </div>
          <p className="field-hint" aria-live="polite">
            {copied ? t("onClipboard") : t("howToVerify")}
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
