"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { uploadWithProgress } from "@/components/api/upload-with-progress";
import { Avatar } from "@/components/ui/avatar";
import { useToast } from "@/components/ui/toast";
import { peopleKeys } from "./people-keys";
import type { PersonDetail } from "./person-types";

/** Upload or remove the person's photo (PNG, JPEG, WebP or GIF up to 5 MB). */
export function PersonPhotoCard({ person, canEdit }: { person: PersonDetail; canEdit: boolean }) {
  const t = useTranslations("people.photo");
  const errorMessage = useErrorMessage();
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (file.size > 5 * 1024 * 1024) return setError(t("tooLarge"));
    const form = new FormData();
    form.append("file", file);
    setProgress(0);
    try {
      await uploadWithProgress(`/api/people/${person.id}/photo`, form, { method: "PUT", onProgress: (p) => setProgress(p.fraction) });
      await qc.invalidateQueries({ queryKey: peopleKeys.detail(person.id) });
      toast.show(t("updated"));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await apiFetch(`/api/people/${person.id}/photo`, { method: "DELETE" });
      await qc.invalidateQueries({ queryKey: peopleKeys.detail(person.id) });
      toast.show(t("removed"));
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <section className="card" aria-labelledby="photo-title">
      <div className="card-head">
        <h2 id="photo-title">{t("title")}</h2>
      </div>
      <div className="card-body stack-sm">
        <div className="photo-box">
          <Avatar first={person.first} last={person.last} src={person.photo_url} size={72} />
          {canEdit && (
            <div className="row">
              <button type="button" className="btn btn-sm" onClick={() => input.current?.click()} disabled={progress !== null}>
                {person.photo_url ? t("replace") : t("upload")}
              </button>
              {person.photo_url && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={remove} disabled={progress !== null}>
                  {t("remove")}
                </button>
              )}
              <input
                ref={input}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                hidden
                aria-label={t("upload")}
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = "";
                  if (f) upload(f);
                }}
              />
            </div>
          )}
        </div>
        {progress !== null && (
          <div
            className="progress"
            role="progressbar"
            aria-label={t("uploading")}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
          >
            <div className="progress-bar" style={{ width: `${Math.round(progress * 100)}%` }} />
          </div>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {canEdit && !error && <p className="muted small">{t("hint")}</p>}
      </div>
    </section>
  );
}
