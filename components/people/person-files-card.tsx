"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { apiFetch, errorMessage } from "@/components/api/api-fetch";
import { uploadWithProgress } from "@/components/api/upload-with-progress";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatBytes, formatDate } from "@/components/ui/format";
import { useToast } from "@/components/ui/toast";
import { peopleKeys } from "./people-keys";
import type { PersonFile } from "./person-types";

type Upload = { key: number; name: string; size: number; fraction: number; error?: string; done?: boolean };

const extension = (name: string) => (name.includes(".") ? name.split(".").pop()!.slice(0, 4) : "file");

/** The person's documents: upload (with a real progress bar), open, delete. */
export function PersonFilesCard({ personId, files, canEdit }: { personId: string; files: PersonFile[]; canEdit: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [deleting, setDeleting] = useState<PersonFile | null>(null);
  const nextKey = useRef(1);

  const patch = (key: number, p: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...p } : u)));

  const uploadOne = async (file: File) => {
    const key = nextKey.current++;
    setUploads((all) => [...all, { key, name: file.name, size: file.size, fraction: 0 }]);
    const form = new FormData();
    form.append("file", file);
    form.append("name", file.name);
    try {
      await uploadWithProgress(`/api/people/${personId}/uploads`, form, { onProgress: (p) => patch(key, { fraction: p.fraction }) });
      patch(key, { fraction: 1, done: true });
      await qc.invalidateQueries({ queryKey: peopleKeys.detail(personId) });
      setUploads((all) => all.filter((u) => u.key !== key));
      toast.show(`${file.name} uploaded.`);
    } catch (err) {
      patch(key, { error: errorMessage(err) });
    }
  };

  const onPick = (e: React.ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(e.target.files ?? []);
    e.target.value = "";
    picked.forEach(uploadOne);
  };

  const remove = async (file: PersonFile) => {
    await apiFetch(`/api/people/${personId}/uploads/${file.id}`, { method: "DELETE" });
    await qc.invalidateQueries({ queryKey: peopleKeys.detail(personId) });
    toast.show(`${file.name} deleted.`);
  };

  return (
    <section className="card" aria-labelledby="files-title">
      <div className="card-head">
        <div>
          <h2 id="files-title">Files</h2>
          <p>Certificates, references and other documents.</p>
        </div>
        {canEdit && (
          <>
            <button type="button" className="btn" onClick={() => input.current?.click()}>
              Upload files
            </button>
            <input ref={input} type="file" multiple hidden onChange={onPick} aria-label="Upload files" data-testid="file-input" />
          </>
        )}
      </div>
      <div className="card-body">
        {uploads.length > 0 && (
          <ul className="file-list" aria-label="Uploads in progress">
            {uploads.map((u) => (
              <li key={u.key} className="file-item">
                <span className="file-icon" aria-hidden="true">
                  {extension(u.name)}
                </span>
                <div className="file-main">
                  <span className="file-name">{u.name}</span>
                  {u.error ? (
                    <p className="field-error">{u.error}</p>
                  ) : (
                    <>
                      <div
                        className="progress"
                        role="progressbar"
                        aria-label={`Uploading ${u.name}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={Math.round(u.fraction * 100)}
                      >
                        <div className="progress-bar" style={{ width: `${Math.round(u.fraction * 100)}%` }} />
                      </div>
                      <span className="muted small">
                        {u.done ? "Finishing…" : `${Math.round(u.fraction * 100)}% of ${formatBytes(u.size)}`}
                      </span>
                    </>
                  )}
                </div>
                {u.error && (
                  <button type="button" className="btn btn-sm" onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}>
                    Dismiss
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {files.length === 0 && uploads.length === 0 ? (
          <p className="muted">{canEdit ? "No files yet. Use “Upload files” to add documents." : "No files yet."}</p>
        ) : (
          <ul className="file-list" aria-label="Files">
            {files.map((f) => (
              <li key={f.id} className="file-item">
                <span className="file-icon" aria-hidden="true">
                  {extension(f.name)}
                </span>
                <div className="file-main">
                  <a href={f.url} target="_blank" rel="noreferrer">
                    {f.name}
                  </a>
                  <span className="muted small">
                    {formatBytes(f.size)} · {formatDate(f.created_at)}
                  </span>
                </div>
                {canEdit && (
                  <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDeleting(f)} aria-label={`Delete ${f.name}`}>
                    Delete
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
        title="Delete this file?"
        message={
          <>
            <strong>{deleting?.name}</strong> will be removed for good.
          </>
        }
        confirmLabel="Delete file"
        danger
        onConfirm={() => deleting && remove(deleting)}
      />
    </section>
  );
}
