"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import type { Interview, UpdateInterviewInput } from "@/components/interviews/interview-types";
import { useUpdateInterview } from "@/components/interviews/use-interviews";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { momentOf, wallTime } from "@/lib/calendar/zoned-time.shared";

type Draft = { startsAt: string; duration: string; location: string; meetingUrl: string };

const draftOf = (i: Interview): Draft => ({
  startsAt: i.starts_at === null ? "" : wallTime(i.starts_at, i.time_zone),
  duration: i.duration_minutes === null ? "" : String(i.duration_minutes),
  location: i.location ?? "",
  meetingUrl: i.meeting_url ?? "",
});

/**
 * Editors: when and where the interview is held, typed in the district's time zone. Saving sends
 * the invitations, or their update (lib/calendar/), so it is one deliberate save, not an autosave.
 */
export function InterviewScheduleCard({ interview }: { interview: Interview }) {
  const t = useTranslations("calendar");
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const update = useUpdateInterview(interview.person_id, interview.id);
  const [draft, setDraft] = useState(() => draftOf(interview));
  const saved = draftOf(interview);
  const changed = (Object.keys(draft) as (keyof Draft)[]).some((k) => draft[k] !== saved[k]);
  const detail = (path: string) => (isApiError(update.error) ? update.error.details.find((d) => d.path === path)?.message : undefined);
  const set = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) => setDraft((d) => ({ ...d, [key]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input: UpdateInterviewInput = {
      starts_at: draft.startsAt ? momentOf(draft.startsAt, interview.time_zone) : null,
      duration_minutes: draft.duration ? Number(draft.duration) : null,
      location: draft.location.trim() || null,
      meeting_url: draft.meetingUrl.trim() || null,
    };
    update.mutate(input, {
      onSuccess: (res) => {
        setDraft(draftOf(res));
        toast.show(t("settings.saved"));
      },
      onError: (error) => toast.show(errorMessage(error), "error"),
    });
  };

  return (
    <section className="card" aria-labelledby="schedule-title">
      <div className="card-head">
        <h2 id="schedule-title">{t("schedule.legend")}</h2>
      </div>
      <form className="card-body stack" onSubmit={submit} aria-busy={update.isPending}>
        <Field label={t("schedule.startsAt")} hint={t("schedule.startsAtHint", { zone: interview.time_zone })} error={detail("starts_at")}>
          {(props) => <input {...props} className="input" type="datetime-local" value={draft.startsAt} onChange={set("startsAt")} />}
        </Field>
        <Field label={t("schedule.duration")} error={detail("duration_minutes")}>
          {(props) => (
            <input
              {...props}
              className="input"
              type="number"
              min={1}
              max={1440}
              step={1}
              inputMode="numeric"
              placeholder="60"
              value={draft.duration}
              onChange={set("duration")}
            />
          )}
        </Field>
        <Field label={t("schedule.location")} error={detail("location")}>
          {(props) => <input {...props} className="input" maxLength={500} value={draft.location} onChange={set("location")} />}
        </Field>
        <Field label={t("schedule.meetingUrl")} hint={t("schedule.meetingUrlHint")} error={detail("meeting_url")}>
          {(props) => <input {...props} className="input" type="url" inputMode="url" value={draft.meetingUrl} onChange={set("meetingUrl")} />}
        </Field>
        <div>
          <button type="submit" className="btn btn-primary btn-sm" disabled={!changed || update.isPending}>
            {update.isPending && <span className="spinner spinner-sm" aria-hidden="true" />}
            {t("schedule.save")}
          </button>
        </div>
      </form>
    </section>
  );
}
