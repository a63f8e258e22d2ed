import { useTranslations } from "next-intl";
import Link from "next/link";
import type { Board } from "@/lib/boards/schemas";
import type { InterviewSummary } from "@/components/interviews/interview-types";
import type { Person } from "@/components/people/person-types";
import { Avatar } from "@/components/ui/avatar";
import { EmptyState } from "@/components/ui/empty-state";
import { fullName } from "@/components/ui/format";
import { LoadFailed } from "@/components/ui/load-failed";
import { useDisplayFormat } from "@/components/ui/use-display-format";

export type MentorHomeData = {
  /** Everyone the mentor sees (themselves and their candidates), or null when that failed to load. */
  people: Person[] | null;
  /** Their candidates' interviews, newest first (none when that failed: each says "no interview yet"). */
  interviews: InterviewSummary[];
  boards: Board[];
};

/**
 * A mentor's start page: their candidates, each with their latest published interview. Rendered
 * on the server only (app/(app)/_reader/mentor-start.tsx loads its data): a phone downloads and
 * hydrates none of it.
 */
export function MentorHome({ myId, data }: { myId: string; data: MentorHomeData }) {
  const t = useTranslations("home.mentor");
  const format = useDisplayFormat();
  const candidates = (data.people ?? []).filter((p) => p.id !== myId && !p.archived).sort((a, b) => fullName(a).localeCompare(fullName(b)));
  // The list comes newest first: the first one seen per candidate is their latest.
  const latest = new Map<string, InterviewSummary>();
  for (const i of data.interviews) if (!latest.has(i.person_id)) latest.set(i.person_id, i);
  const boardName = (id: string | null) => (id ? data.boards.find((b) => b.id === id)?.name : undefined);

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t("title")}</h1>
          <p>{t("lead")}</p>
        </div>
      </div>
      <section className="card" aria-labelledby="candidates-title">
        <h2 id="candidates-title" className="sr-only">
          {t("listTitle")}
        </h2>
        {data.people === null ? (
          <LoadFailed title={t("couldNotLoad")} href="/" />
        ) : candidates.length === 0 ? (
          <EmptyState title={t("emptyTitle")}>{t("empty")}</EmptyState>
        ) : (
          <ul className="home-list">
            {candidates.map((p) => {
              const interview = latest.get(p.id);
              const board = interview ? boardName(interview.board_id) : undefined;
              return (
                <li key={p.id} className="home-item">
                  <Avatar first={p.first} last={p.last} />
                  <div className="home-item-main">
                    <Link href={`/people/${p.id}`} className="home-item-title">
                      {fullName(p)}
                    </Link>
                    <span className="muted small">{p.email}</span>
                  </div>
                  <div className="home-item-side">
                    {interview ? (
                      <>
                        <span className="muted small">{t("latestInterview")}</span>
                        <Link href={`/interviews/${encodeURIComponent(p.id)}/${encodeURIComponent(interview.id)}`}>
                          {board ? t("dayAndBoard", { day: format.day(interview.date, "long"), board }) : format.day(interview.date, "long")}
                        </Link>
                      </>
                    ) : (
                      <span className="muted small">{t("noInterview")}</span>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
