"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { uploadWithProgress } from "@/components/api/upload-with-progress";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { fileExtension } from "@/components/uploads/file-extension";
import { UploadsInProgress } from "@/components/uploads/uploads-in-progress";
import { useUploads } from "@/components/uploads/use-uploads";
import { peopleKeys } from "./people-keys";
import type { PersonFile } from "./person-types";

/** The person's documents: upload (with a real progress bar), open, delete. */
export function PersonFilesCard({ personId, files, canEdit }: { personId: string; files: PersonFile[]; canEdit: boolean }) {
  const t = useTranslations("people.files");
  const format = useDisplayFormat();
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<PersonFile | null>(null);
  const { uploads, start, dismiss } = useUploads({
    send: (file, onProgress) => {
      const form = new FormData();
      form.append("file", file);
      form.append("name", file.name);
      return uploadWithProgress(`/api/people/${personId}/uploads`, form, { onProgress });
    },
    onUploaded: async (file) => {
      await qc.invalidateQueries({ queryKey: peopleKeys.detail(personId) });
      toast.show(t("uploaded", { name: file.name }));
    },
  });

  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = "";
    start(picked);
  };

  const remove = async (file: PersonFile) => {
    await apiFetch(`/api/people/${personId}/uploads/${file.id}`, { method: "DELETE" });
    await qc.invalidateQueries({ queryKey: peopleKeys.detail(personId) });
    toast.show(t("deleted", { name: file.name }));
  };

  return (
    <section className="card" aria-labelledby="files-title">
      <div className="card-head">
        <div>
          <h2 id="files-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
        {canEdit && (
          <>
            <button type="button" className="btn" onClick={() => input.current?.click()}>
              {t("upload")}
            </button>
            <input ref={input} type="file" multiple hidden onChange={onPick} aria-label={t("upload")} data-testid="file-input" />
          </>
        )}
      </div>
      <div className="card-body">
        <UploadsInProgress uploads={uploads} onDismiss={dismiss} />
        {files.length === 0 && uploads.length === 0 ? (
          <p className="muted">{canEdit ? t("emptyEditor") : t("empty")}</p>
        ) : (
          <ul className="file-list" aria-label={t("title")}>
            {files.map((f) => (
              <li key={f.id} className="file-item">
                <span className="file-icon" aria-hidden="true">
                  {fileExtension(f.name)}
                </span>
                <div className="file-main">
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.name}
                  </a>
                  <span className="muted small">
                    {format.bytes(f.size)} · {format.moment(f.created_at)}
                  </span>
                </div>
                {canEdit && (
                  <button
                    type="button"
                    className="btn btn-sm btn-danger-outline"
                    onClick={() => setDeleting(f)}
                    aria-label={t("deleteNamed", { name: f.name })}
                  >
                    {t("delete")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("deleteTitle")}
        message={t.rich("deleteConsequence", { name: deleting?.name ?? "", strong: (chunks) => <strong>{chunks}</strong> })}
        confirmLabel={t("deleteAction")}
        danger
        onConfirm={() => deleting && remove(deleting)}
      />
    </section>
  );
}
