"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ServiceHealth } from "@/lib/health/service-health-schema";
import { useDisplayFormat } from "@/components/ui/use-display-format";

/** A good backup older than this is late: the schedule's day, plus the alert rule's slack (deploy/alerts.yml: 26 h). */
const LATE_AFTER_SECONDS = 26 * 3600;

/** The backups' part of GET /api/health, which answers 503 with the same body while a part is down. */
async function fetchBackupHealth(signal: AbortSignal): Promise<ServiceHealth["backup"] | null> {
  const res = await fetch("/api/health", { signal, headers: { Accept: "application/json" } });
  const body = (await res.json().catch(() => null)) as ServiceHealth | null;
  return body?.backup ?? null;
}

/**
 * Tells an administrator, on every settings page, that scheduled backups are failing or late:
 * the backup job is the cluster's (not a district's), so it is not among the district's dead jobs.
 * Nothing is shown while backups work, or when the operator has not set them up.
 */
export function BackupNotice() {
  const t = useTranslations("settings.backup");
  const format = useDisplayFormat();
  const health = useQuery({ queryKey: ["health", "backup"], queryFn: ({ signal }) => fetchBackupHealth(signal), staleTime: 60_000, retry: false });
  const backup = health.data;
  if (!backup?.configured) return null;
  const lastGood = backup.last_good_at ? format.moment(Date.parse(backup.last_good_at), true) : null;
  const late = backup.age_seconds === null || backup.age_seconds > LATE_AFTER_SECONDS;
  if (!backup.failing && !late) return null;
  return (
    <p className="notice backup-notice" role="alert">
      <strong>{backup.failing ? t("failing") : t("late")}</strong> {lastGood ? t("lastGood", { when: lastGood }) : t("none")} {t("whatToDo")}
    </p>
  );
}
