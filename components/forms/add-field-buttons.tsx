"use client";

import { useTranslations } from "next-intl";
import { FIELD_TYPES, type FieldType } from "./form-types";

/** The form editor's "Add a field" buttons, one per field type with what it is for. */
export function AddFieldButtons({ onAdd }: { onAdd: (type: FieldType) => void }) {
  const t = useTranslations("forms");
  return (
    <div className="fd-add" role="group" aria-labelledby="fd-add-label">
      <p id="fd-add-label" className="field-label">
        {t("addField")}
      </p>
      <div className="fd-add-buttons">
        {FIELD_TYPES.map((type) => (
          <button key={type} type="button" className="btn fd-add-btn" id={`fd-add-${type}`} onClick={() => onAdd(type)}>
            <span className="fd-add-plus" aria-hidden="true">
              +
            </span>
            <span className="fd-add-text">
              {/* The name is what is seen, after a hidden "Add field:" (so voice control finds it by its visible words). */}
              <span>{t.rich("addFieldOfType", { type: t(`fieldTypes.${type}.label`), hidden: (chunks) => <span className="sr-only">{chunks}</span> })}</span>
              <span className="muted small">{t(`fieldTypes.${type}.hint`)}</span>
            </span>
          </button>
        ))}
      </div>
    </div>
  );
}
