"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo } from "react";
import { useBoards } from "@/components/boards/use-boards";
import type { InterviewSummary } from "@/components/interviews/interview-types";
import { useInterviews } from "@/components/interviews/use-interviews";
import { useMe } from "@/components/me/use-me";
import { usePeople } from "@/components/people/use-people";
import { Avatar } from "@/components/ui/avatar";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, SkeletonRows } from "@/components/ui/states";
import { useDisplayFormat } from "@/components/ui/use-display-format";

/** A mentor's start page: their candidates, each with their latest published interview. */
export function MentorHome() {
  const t = useTranslations("home.mentor");
  const format = useDisplayFormat();
  const me = useMe();
  const people = usePeople();
  const interviews = useInterviews();
  const boards = useBoards();
  const myId = me.data?.person.id;

  const candidates = useMemo(
    () => (people.data ?? []).filter((p) => p.id !== myId && !p.archived).sort((a, b) => fullName(a).localeCompare(fullName(b))),
    [people.data, myId],
  );
  // The list comes newest first: the first one seen per candidate is their latest.
  const latest = useMemo(() => {
    const byPerson = new Map<string, InterviewSummary>();
    for (const i of interviews.data ?? []) if (!byPerson.has(i.person_id)) byPerson.set(i.person_id, i);
    return byPerson;
  }, [interviews.data]);
  const boardName = (id: string | null) => (id ? boards.data?.find((b) => b.id === id)?.name : undefined);

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
        {people.isPending ? (
          <SkeletonRows rows={4} />
        ) : people.isError ? (
          <ErrorState error={people.error} onRetry={() => people.refetch()} title={t("couldNotLoad")} />
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
                    ) : interviews.isPending ? (
                      <span className="muted small">…</span>
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
