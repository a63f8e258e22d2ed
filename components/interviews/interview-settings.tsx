"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { LazyConfirmDialog } from "@/components/interviews/lazy-confirm-dialog";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { Interview } from "./interview-types";
import { useSaveErrorMessage, type AutosaveSnapshot, type AutosaveStore } from "./use-autosave";
import { useDeleteInterview } from "./use-interviews";

/** Editors: move the date; delete the interview. */
export function InterviewSettings({
  interview,
  name,
  store,
  snapshot,
}: {
  interview: Interview;
  name: string;
  store: AutosaveStore;
  snapshot: AutosaveSnapshot;
}) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const saveError = useSaveErrorMessage();
  const router = useRouter();
  const toast = useToast();
  const del = useDeleteInterview(interview.person_id, interview.id);
  const [date, setDate] = useState(interview.date);
  const [deleting, setDeleting] = useState(false);
  const failure = snapshot.errors.get("date");
  const error = failure === undefined ? undefined : saveError(failure, "date");

  useEffect(() => {
    if (!store.hasLocal("date")) setDate(interview.date);
  }, [interview.date, store]);

  return (
    <section className="card" aria-labelledby="settings-title">
      <div className="card-head">
        <h2 id="settings-title">{t("settings.title")}</h2>
      </div>
      <div className="card-body stack">
        <div className="field">
          <label className="field-label" htmlFor="interview-date">
            {t("fields.date")}
          </label>
          <input
            id="interview-date"
            className="input input-date"
            type="date"
            value={date}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "interview-date-error" : "interview-date-day"}
            onChange={(e) => {
              setDate(e.target.value);
              if (e.target.value && e.target.value !== interview.date) store.save("date", e.target.value);
            }}
          />
          {error ? (
            <p id="interview-date-error" className="field-error">
              {error}
            </p>
          ) : (
            date && (
              <p id="interview-date-day" className="field-hint">
                {format.day(date, "full")}
              </p>
            )
          )}
        </div>
        <div className="iv-danger">
          <p className="small muted">{t("settings.deleteText")}</p>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDeleting(true)}>
            {t("settings.delete")}
          </button>
        </div>
      </div>
      <LazyConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t("settings.deleteTitle")}
        message={t("settings.deleteConsequence", { name, date: format.day(interview.date, "long") })}
        confirmLabel={t("settings.delete")}
        danger
        onConfirm={async () => {
          await del.mutateAsync();
          toast.show(t("settings.deleted"));
          router.replace("/interviews");
        }}
      />
    </section>
  );
}
