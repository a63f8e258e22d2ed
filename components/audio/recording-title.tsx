"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { LazyConfirmDialog } from "@/components/interviews/lazy-confirm-dialog";
import type { RecordingManage } from "./use-recording-manage";

/** lib/audio/schemas.ts RECORDING_NAME_MAX (not imported: that module brings zod along). */
const NAME_MAX = 200;

/**
 * A recording's name, and for those who may edit the interview: Rename (the name becomes a field
 * in place: Enter saves, Escape cancels, the focus comes back to Rename) and Delete (after a
 * confirmation naming the recording).
 */
export function RecordingTitle({ recordingId, name, manage }: { recordingId: string; name: string; manage?: RecordingManage }) {
  const t = useTranslations("audio.manage");
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) field.current?.select();
    else if (returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const start = () => {
    setDraft(name);
    setProblem(null);
    setEditing(true);
  };
  const stop = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const next = draft.trim();
    if (!next) return setProblem(t("nameRequired"));
    if (next.length > NAME_MAX) return setProblem(t("nameTooLong", { max: NAME_MAX }));
    if (next !== name) manage?.rename(recordingId, name, next);
    stop();
  };

  if (editing) {
    return (
      <form className="audio-rename" onSubmit={save}>
        {/* The heading stays, for the outline of the page (its transcript and summary are h4). */}
        <h3 className="sr-only">{name}</h3>
        <label htmlFor={`${id}-name`} className="sr-only">
          {t("nameLabel")}
        </label>
        <input
          ref={field}
          id={`${id}-name`}
          className="input audio-rename-input"
          value={draft}
          maxLength={NAME_MAX + 50}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              stop();
            }
          }}
        />
        <button type="submit" className="btn btn-sm btn-primary">
          {t("save")}
        </button>
        <button type="button" className="btn btn-sm" onClick={stop}>
          {t("cancel")}
        </button>
        <p id={`${id}-hint`} className={problem ? "form-error small" : "muted small"} role={problem ? "alert" : undefined}>
          {problem ?? t("editHint")}
        </p>
      </form>
    );
  }

  return (
    <div className="audio-title">
      <h3 className="iv-rec-name">{name}</h3>
      {manage && (
        <div className="audio-title-actions">
          <button ref={renameButton} type="button" className="btn btn-ghost btn-sm" aria-label={t("renameLabel", { name })} onClick={start}>
            {t("rename")}
          </button>
          <button type="button" className="btn btn-ghost btn-sm audio-delete" aria-label={t("deleteLabel", { name })} onClick={() => setConfirming(true)}>
            {t("delete")}
          </button>
          <LazyConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title={t("deleteTitle")}
            message={t("deleteMessage", { name })}
            confirmLabel={t("deleteConfirm")}
            danger
            onConfirm={() => manage.remove(recordingId, name)}
          />
        </div>
      )}
    </div>
  );
}
