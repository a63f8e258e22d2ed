"use client";

import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/dialog";
import { SecretField } from "@/components/ui/secret-field";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { NewApiKey } from "./api-key";

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
  const format = useDisplayFormat();
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
        <SecretField
          id="new-api-key"
          value={created.key}
          text={{ label: t("keyFor", { name: created.name }), copy: t("copy"), copied: t("copied"), onClipboard: t("onClipboard"), hint: t("howToSend") }}
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
