"use client";

import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/dialog";
import { SecretField } from "@/components/ui/secret-field";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { EndpointWithSecret } from "./use-webhooks";

/**
 * An endpoint's new signing secret, shown this once (after creation or a rotation), with a copy
 * button. Closed only by saying it is stored.
 */
export function ShowSecretDialog({ endpoint, rotated = false, onClose }: { endpoint: EndpointWithSecret; rotated?: boolean; onClose: () => void }) {
  const t = useTranslations("webhooks");
  const format = useDisplayFormat();
  return (
    <Dialog open onClose={onClose} title={rotated ? t("rotatedTitle") : t("createdTitle")} closeOnBackdrop={false}>
      <div className="stack">
        <p className="notice" role="note">
          {t.rich("shownOnce", { strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        {rotated && endpoint.previous_secret_expires_at && <p>{t("rotatedOldSigns", { until: format.moment(endpoint.previous_secret_expires_at, true) })}</p>}
        <SecretField
          id="new-webhook-secret"
          value={endpoint.secret}
          labelClassName="field-label secret-label"
          text={{ label: t("secretFor", { url: endpoint.url }), copy: t("copy"), copied: t("copied"), onClipboard: t("onClipboard"), hint: t("howToVerify") }}
        />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t("stored")}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
