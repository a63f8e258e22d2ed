"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { uploadWithProgress } from "@/components/api/upload-with-progress";
import { inLanguage } from "@/components/forms/form-types";
import { LazyConfirmDialog } from "@/components/interviews/lazy-confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { fileExtension } from "@/components/uploads/file-extension";
import { UploadsInProgress } from "@/components/uploads/uploads-in-progress";
import { useUploads } from "@/components/uploads/use-uploads";
import { interviewKeys } from "./interview-keys";
import type { Attachment, FileRecord, Interview } from "./interview-types";
import { interviewPath } from "./use-interviews";
import { fileEntries, PrivateBadge, type EditProps } from "./answer-parts";

/** Attachments of a file field: list, open, remove; upload several at once with a progress bar each. */
export function FileAnswer({ field, value, language, personId, interviewId, showPrivate }: EditProps) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const qc = useQueryClient();
  const toast = useToast();
  const headId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [removing, setRemoving] = useState<[string, FileRecord] | null>(null);
  const label = inLanguage(field.label, language);
  const files = fileEntries(value);
  const detail = interviewKeys.detail(personId, interviewId);

  const setFiles = (change: (files: Record<string, FileRecord>) => Record<string, FileRecord>) => {
    qc.setQueryData<Interview>(detail, (old) => {
      if (!old) return old;
      const current = (old.responses[field.id] ?? {}) as Record<string, FileRecord>;
      const next = change({ ...current });
      const responses = { ...old.responses };
      if (Object.keys(next).length) responses[field.id] = next;
      else delete responses[field.id];
      return { ...old, responses };
    });
    void qc.invalidateQueries({ queryKey: [...detail, "view"] });
  };

  const { uploads, start, dismiss } = useUploads({
    send: (file, onProgress) => {
      const form = new FormData();
      form.append("file", file);
      form.append("field_id", field.id);
      form.append("name", file.name);
      return uploadWithProgress<Attachment>(`${interviewPath(personId, interviewId)}/files`, form, { onProgress });
    },
    onUploaded: (file, { id, field_id: _field, ...record }) => {
      setFiles((all) => ({ ...all, [id]: record }));
      toast.show(t("files.uploaded", { name: file.name }));
    },
  });

  const remove = async ([fileId, f]: [string, FileRecord]) => {
    await apiFetch(`${interviewPath(personId, interviewId)}/files/${encodeURIComponent(fileId)}`, { method: "DELETE" });
    setFiles((all) => {
      delete all[fileId];
      return all;
    });
    toast.show(t("files.removed", { name: f.name }));
  };

  return (
    <div className="iv-field" data-field={field.id} role="group" aria-labelledby={headId}>
      <div className="iv-field-head">
        <span className="field-label" id={headId}>
          {label}
        </span>
        {showPrivate && field.p === 1 && <PrivateBadge />}
      </div>
      {files.length > 0 && (
        <ul className="file-list iv-files" aria-label={t("files.listLabel", { name: label })}>
          {files.map(([fileId, f]) => (
            <li key={fileId} className="file-item">
              <span className="file-icon" aria-hidden="true">
                {fileExtension(f.name)}
              </span>
              <div className="file-main">
                {f.url ? (
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.name}
                  </a>
                ) : (
                  <span className="file-name">{f.name}</span>
                )}
                <span className="muted small">
                  {f.created_at ? t("files.sizeAndDate", { size: format.bytes(f.size), date: format.moment(f.created_at) }) : format.bytes(f.size)}
                </span>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-danger-outline"
                onClick={() => setRemoving([fileId, f])}
                aria-label={t("files.removeNamed", { name: f.name })}
              >
                {t("files.remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <UploadsInProgress uploads={uploads} onDismiss={dismiss} className="iv-files" />
      <div className="iv-file-actions">
        <button type="button" className="btn btn-sm" onClick={() => input.current?.click()}>
          <span aria-hidden="true">+</span> {t("files.add")}
        </button>
        {files.length === 0 && uploads.length === 0 && <span className="muted small">{t("files.none")}</span>}
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label={t("files.uploadFor", { name: label })}
          data-testid={`file-input-${field.id}`}
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? []);
            e.target.value = "";
            start(picked);
          }}
        />
      </div>
      <LazyConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t("files.removeTitle")}
        message={t.rich("files.removeConsequence", { name: removing?.[1].name ?? "", strong: (chunks) => <strong>{chunks}</strong> })}
        confirmLabel={t("files.removeAction")}
        danger
        onConfirm={() => removing && remove(removing)}
      />
    </div>
  );
}
