import { useTranslations } from "next-intl";
import type { BackupHealth } from "@/lib/health/service-health-schema";
import { useDisplayFormat } from "@/components/ui/use-display-format";

/** A good backup older than this is late: the schedule's day, plus the alert rule's slack (deploy/alerts.yml: 26 h). */
const LATE_AFTER_SECONDS = 26 * 3600;

/**
 * Tells an administrator, on every settings page, that scheduled backups are failing or late:
 * the backup job is the cluster's (not a district's), so it is not among the district's dead jobs.
 * Nothing is shown while backups work, or when the operator has not set them up (`backup` null,
 * as the settings' layout reads it on the server, as GET /api/health does).
 */
export function BackupNotice({ backup }: { backup: BackupHealth | null }) {
  const t = useTranslations("settings.backup");
  const format = useDisplayFormat();
  if (!backup?.configured) return null;
  const late = backup.age_seconds === null || backup.age_seconds > LATE_AFTER_SECONDS;
  if (!backup.failing && !late) return null;
  const lastGood = backup.last_good_at ? format.moment(Date.parse(backup.last_good_at), true) : null;
  return (
    <p className="notice backup-notice" role="alert">
      <strong>{backup.failing ? t("failing") : t("late")}</strong> {lastGood ? t("lastGood", { when: lastGood }) : t("none")} {t("whatToDo")}
    </p>
  );
}
