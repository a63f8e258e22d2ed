import { useTranslations } from "next-intl";
import Link from "next/link";
import { InterviewScheduleMeta } from "@/components/calendar/interview-schedule-meta";
import { EmptyState } from "@/components/ui/empty-state";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import type { Interview } from "./interview-types";

/*
 * The parts of an interview's header that every reader gets, shared by the query-backed page
 * (interview-view.tsx, a client component) and the one rendered on the server for a candidate
 * (interview-reading.tsx): no "use client", so each renders where it is imported.
 */

export function PublishedBadge({ published }: { published: number }) {
  const t = useTranslations("interviews");
  return <span className={published ? "badge badge-success" : "badge badge-warning"}>{t(published ? "published" : "draft")}</span>;
}

/** Date, time and place, board, profile and form; `null` names none, `undefined` one not loaded yet. */
export function InterviewMetaList({
  interview: i,
  board,
  profile,
  formName,
}: {
  interview: Interview;
  board: string | null;
  profile: string | null;
  formName: string | undefined;
}) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const none = <span className="muted">{t("none")}</span>;
  return (
    <dl className="iv-meta">
      <div>
        <dt>{t("fields.date")}</dt>
        <dd>
          <time dateTime={i.date}>{format.day(i.date, "long")}</time>
        </dd>
      </div>
      <InterviewScheduleMeta interview={i} />
      <div>
        <dt>{t("fields.board")}</dt>
        <dd>{board ?? none}</dd>
      </div>
      <div>
        <dt>{t("fields.profile")}</dt>
        <dd>{profile ?? none}</dd>
      </div>
      <div>
        <dt>{t("fields.form")}</dt>
        <dd>{i.form_id ? (formName ?? "…") : none}</dd>
      </div>
    </dl>
  );
}

/** An interview the reader may not see, or that is gone: with the way back to their list (or home). */
export function InterviewNotFound({ listHref }: { listHref: string }) {
  const t = useTranslations("interviews");
  return (
    <div className="card">
      <EmptyState
        heading
        title={t("notFound")}
        action={
          <Link href={listHref} className="btn">
            {listHref === "/" ? t("backHome") : t("backToList")}
          </Link>
        }
      >
        {t("notFoundText")}
      </EmptyState>
    </div>
  );
}
