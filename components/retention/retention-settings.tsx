"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/api/use-error-message";
import { QueryStates } from "@/components/settings/query-states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { daysOf, periodOf, type Period } from "./period";
import { PeriodField } from "./period-field";
import { useRetention, useUpdateRetention, type RetentionSettings } from "./use-retention";

const MAX_DAYS = 36500;
const FIELDS = [
  { name: "recordings", key: "recordings_days" },
  { name: "archivedPeople", key: "archived_people_days" },
  { name: "messages", key: "messages_days" },
] as const;

/** Settings → Retention: how long the district keeps recordings, archived people and messages, and what the next run deletes. */
export function RetentionSettingsPage() {
  const t = useTranslations("retention");
  const settings = useRetention();
  return (
    <section className="card" aria-labelledby="retention-title">
      <div className="card-head">
        <div>
          <h2 id="retention-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
      </div>
      <QueryStates query={settings} errorTitle={t("couldNotLoad")}>
        {(data) => <RetentionForm key={JSON.stringify(FIELDS.map((f) => data[f.key]))} settings={data} />}
      </QueryStates>
    </section>
  );
}

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const t = useTranslations("retention");
  const format = useDisplayFormat();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const update = useUpdateRetention();
  const [periods, setPeriods] = useState(
    () => Object.fromEntries(FIELDS.map((f) => [f.name, periodOf(settings[f.key])])) as Record<(typeof FIELDS)[number]["name"], Period>,
  );
  const [submitted, setSubmitted] = useState(false);

  const days = Object.fromEntries(FIELDS.map((f) => [f.name, daysOf(periods[f.name])])) as Record<(typeof FIELDS)[number]["name"], number | null>;
  const errorOf = (n: number | null) => (n === null ? undefined : Number.isNaN(n) ? t("errors.amount") : n > MAX_DAYS ? t("errors.tooLong") : undefined);
  const invalid = FIELDS.some((f) => errorOf(days[f.name]));
  const deletes = settings.next_run_deletes;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (invalid) return;
    update.mutate(
      { recordings_days: days.recordings, archived_people_days: days.archivedPeople, messages_days: days.messages },
      { onSuccess: () => toast.show(t("saved")), onError: (error) => toast.show(errorMessage(error), "error") },
    );
  };

  return (
    <form className="card-body stack" onSubmit={onSubmit} noValidate>
      {FIELDS.map((f) => (
        <PeriodField
          key={f.name}
          name={f.name}
          value={periods[f.name]}
          onChange={(p) => setPeriods((all) => ({ ...all, [f.name]: p }))}
          error={submitted ? errorOf(days[f.name]) : undefined}
        />
      ))}
      <p role="status">
        {t("nextRun", {
          date: format.moment(settings.next_run_at, true),
          recordings: deletes.recordings,
          people: deletes.archived_people,
          messages: deletes.messages,
        })}
      </p>
      <p className="muted small">{t("previewNote")}</p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
          {t("save")}
        </button>
      </div>
    </form>
  );
}
