"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiFetch } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { CalendarSettings } from "@/lib/calendar/schemas";

/** TanStack Query keys of the district's calendar settings. */
const calendarKeys = { settings: ["calendar", "settings"] as const };

const CHOICES = ["publish", "create"] as const;

/** Settings → Calendar: when the district's calendar invitations go out; each choice saves as it is made. */
export function CalendarSettingsPage() {
  const t = useTranslations("calendar");
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: calendarKeys.settings, queryFn: ({ signal }) => apiFetch<CalendarSettings>("/api/settings/calendar", { signal }) });
  const update = useMutation({
    mutationFn: (body: CalendarSettings) => apiFetch<CalendarSettings>("/api/settings/calendar", { method: "PATCH", body }),
    onSuccess: (res) => {
      qc.setQueryData(calendarKeys.settings, res);
      toast.show(t("settings.saved"));
    },
    onError: (error) => toast.show(errorMessage(error), "error"),
  });

  return (
    <section className="card" aria-labelledby="calendar-settings-title" aria-busy={settings.isPending || update.isPending}>
      <div className="card-head">
        <div>
          <h2 id="calendar-settings-title">{t("settings.title")}</h2>
          <p id="calendar-settings-text">{t("settings.text")}</p>
        </div>
      </div>
      {settings.isPending ? (
        <div className="card-body">
          <Skeleton lines={2} />
        </div>
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <fieldset className="card-body stack" disabled={update.isPending} aria-describedby="calendar-settings-text">
          <legend className="sr-only">{t("settings.title")}</legend>
          {CHOICES.map((choice) => (
            <label key={choice} className="check">
              <input
                type="radio"
                name="calendar-invitations"
                value={choice}
                checked={(update.variables?.invitations ?? settings.data.invitations) === choice}
                onChange={() => update.mutate({ invitations: choice })}
              />
              <span>{t(`settings.${choice}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
