"use client";

import { useTranslations } from "next-intl";
import type { DraftField } from "./form-draft";

/** A saved field taken out of the draft, and where it was (to put it back there). */
export type Removed = { field: DraftField; index: number };

/** Saved fields removed from the draft: gone when the form is saved, each with Restore until then. */
export function RemovedFields({
  removed,
  titleOf,
  onRestore,
}: {
  removed: Removed[];
  titleOf: (field: DraftField, index: number) => string;
  onRestore: (item: Removed) => void;
}) {
  const t = useTranslations("forms");
  if (!removed.length) return null;
  return (
    <div className="fd-removed" role="status">
      <p className="small">
        <strong>{t("removedWhenSaved")}</strong>
      </p>
      <ul>
        {removed.map((r) => (
          <li key={r.field.key}>
            <span>{titleOf(r.field, r.index)}</span>
            <button type="button" className="link-btn small" onClick={() => onRestore(r)} aria-label={t("restoreNamed", { name: titleOf(r.field, r.index) })}>
              {t("restore")}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
