"use client";

import { useTranslations } from "next-intl";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { fileExtension } from "./file-extension";
import type { Upload } from "./use-uploads";

/** The files being uploaded, each with a progress bar, or its error and a Dismiss button. */
export function UploadsInProgress({ uploads, onDismiss, className = "" }: { uploads: Upload[]; onDismiss: (key: number) => void; className?: string }) {
  const t = useTranslations("uploads");
  const format = useDisplayFormat();
  if (uploads.length === 0) return null;
  return (
    <ul className={`file-list ${className}`} aria-label={t("inProgress")}>
      {uploads.map((u) => {
        const percent = Math.round(u.fraction * 100);
        return (
          <li key={u.key} className="file-item">
            <span className="file-icon" aria-hidden="true">
              {fileExtension(u.name)}
            </span>
            <div className="file-main">
              <span className="file-name">{u.name}</span>
              {u.error ? (
                <p className="field-error" role="alert">
                  {u.error}
                </p>
              ) : (
                <>
                  <div
                    className="progress"
                    role="progressbar"
                    aria-label={t("uploading", { name: u.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                  >
                    <div className="progress-bar" style={{ width: `${percent}%` }} />
                  </div>
                  <span className="muted small">
                    {u.done ? t("finishing") : t("progress", { percent: format.percent(u.fraction), size: format.bytes(u.size) })}
                  </span>
                </>
              )}
            </div>
            {u.error && (
              <button type="button" className="btn btn-sm" aria-label={t("dismissNamed", { name: u.name })} onClick={() => onDismiss(u.key)}>
                {t("dismiss")}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
