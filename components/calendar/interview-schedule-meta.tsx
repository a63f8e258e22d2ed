import { useFormatter, useTranslations } from "next-intl";
import type { Interview } from "@/components/interviews/interview-types";

/** The interview's time and place in its header (every reader): in the district's time zone, with the meeting link. */
export function InterviewScheduleMeta({ interview: i }: { interview: Interview }) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  if (i.starts_at === null && !i.location && !i.meeting_url) return null;
  const minutes = i.duration_minutes ?? 60;
  return (
    <>
      {i.starts_at !== null && (
        <div>
          <dt>{t("schedule.startsAt")}</dt>
          <dd>
            <time dateTime={i.starts_at_local ?? undefined}>
              {t("schedule.when", {
                time: format.dateTime(new Date(i.starts_at), { dateStyle: "medium", timeStyle: "short", timeZone: i.time_zone }),
                minutes,
              })}
            </time>{" "}
            <span className="muted small">({i.time_zone})</span>
          </dd>
        </div>
      )}
      {i.location && (
        <div>
          <dt>{t("schedule.location")}</dt>
          <dd>{i.location}</dd>
        </div>
      )}
      {i.meeting_url && (
        <div>
          <dt>{t("schedule.meetingUrl")}</dt>
          <dd>
            <a href={i.meeting_url} target="_blank" rel="noopener noreferrer">
              {t("schedule.join")}
            </a>
          </dd>
        </div>
      )}
    </>
  );
}
