"use client";

import { useQueries } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { apiFetch } from "@/components/api/api-fetch";
import { useBoards } from "@/components/boards/use-boards";
import { inLanguage } from "@/components/forms/form-types";
import { interviewKeys } from "@/components/interviews/interview-keys";
import type { Interview, InterviewSummary } from "@/components/interviews/interview-types";
import { interviewPath, useInterviews } from "@/components/interviews/use-interviews";
import { ownLanguageName } from "@/components/languages/language-names";
import { useMe } from "@/components/me/use-me";
import { usePerson } from "@/components/people/use-people";
import { Avatar } from "@/components/ui/avatar";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton, SkeletonRows } from "@/components/ui/states";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useConversations } from "@/components/messages/use-messages";

/**
 * A candidate's start page: who they are to the district, their published interviews, and,
 * once there are any, the recordings of those interviews and their conversations. Nothing of
 * anyone else, nothing district-wide.
 */
export function CandidateHome() {
  const t = useTranslations("home.candidate");
  const me = useMe();
  const interviews = useInterviews();
  if (!me.data) return null;
  const person = me.data.person;

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t("title", { first: person.first })}</h1>
          <p>{t("lead", { district: me.data.district.name })}</p>
        </div>
      </div>
      <div className="home-grid">
        <div>
          <InterviewsCard
            interviews={interviews.data}
            error={interviews.error}
            pending={interviews.isPending}
            onRetry={() => interviews.refetch()}
            personId={person.id}
          />
          <RecordingsCard interviews={interviews.data ?? []} personId={person.id} />
          <ConversationsCard personId={person.id} />
        </div>
        <ProfileCard personId={person.id} />
      </div>
    </>
  );
}

function ProfileCard({ personId }: { personId: string }) {
  const t = useTranslations("home.candidate");
  const person = usePerson(personId);
  return (
    <section className="card" aria-labelledby="profile-title">
      <div className="card-head">
        <h2 id="profile-title">{t("profile")}</h2>
      </div>
      <div className="card-body">
        {person.isPending ? (
          <Skeleton lines={3} />
        ) : person.isError ? (
          <ErrorState error={person.error} onRetry={() => person.refetch()} />
        ) : (
          <div className="stack-sm">
            <div className="home-profile">
              <Avatar first={person.data.first} last={person.data.last} src={person.data.photo_url} size={56} />
              <div>
                <p className="home-item-title">{fullName(person.data)}</p>
                <p className="muted small">{person.data.email}</p>
              </div>
            </div>
            <dl className="home-facts">
              <div>
                <dt>{t("language")}</dt>
                <dd lang={person.data.language}>{ownLanguageName(person.data.language)}</dd>
              </div>
              <div>
                <dt>{t("documents")}</dt>
                <dd>{t("documentCount", { count: person.data.files?.length ?? 0 })}</dd>
              </div>
            </dl>
            <Link href={`/people/${encodeURIComponent(personId)}`}>{t("allDetails")}</Link>
          </div>
        )}
      </div>
    </section>
  );
}

function InterviewsCard({
  interviews,
  error,
  pending,
  onRetry,
  personId,
}: {
  interviews: InterviewSummary[] | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
  personId: string;
}) {
  const t = useTranslations("home.candidate");
  const format = useDisplayFormat();
  const boards = useBoards();
  const boardName = (id: string | null) => (id ? boards.data?.find((b) => b.id === id)?.name : undefined);
  return (
    <section className="card" aria-labelledby="home-interviews-title">
      <div className="card-head">
        <div>
          <h2 id="home-interviews-title">{t("interviews")}</h2>
          <p>{t("interviewsLead")}</p>
        </div>
      </div>
      {pending ? (
        <SkeletonRows rows={2} />
      ) : error ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : !interviews?.length ? (
        <EmptyState title={t("noInterviewsTitle")}>{t("noInterviews")}</EmptyState>
      ) : (
        <ul className="home-list">
          {interviews.map((i) => (
            <li key={i.id} className="home-item">
              <div className="home-item-main">
                <Link href={`/interviews/${encodeURIComponent(personId)}/${encodeURIComponent(i.id)}`} className="home-item-title">
                  <time dateTime={i.date}>{format.day(i.date, "long")}</time>
                </Link>
                {boardName(i.board_id) && <span className="muted small">{boardName(i.board_id)}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Shown once any of the candidate's interviews has a recording. */
function RecordingsCard({ interviews, personId }: { interviews: InterviewSummary[]; personId: string }) {
  const t = useTranslations("home.candidate");
  const format = useDisplayFormat();
  const language = useMe().data?.person.language ?? "en";
  const details = useQueries({
    queries: interviews.map((i) => ({
      queryKey: interviewKeys.detail(personId, i.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Interview>(interviewPath(personId, i.id), { signal }),
    })),
  });
  const recordings = details.flatMap((q) =>
    q.data ? Object.entries(q.data.audio).map(([id, r]) => ({ id, name: inLanguage(r.name, language), createdAt: r.created_at, interview: q.data })) : [],
  );
  if (recordings.length === 0) return null;
  return (
    <section className="card" aria-labelledby="home-recordings-title">
      <div className="card-head">
        <h2 id="home-recordings-title">{t("recordings")}</h2>
      </div>
      <ul className="home-list">
        {recordings.map((r, n) => (
          <li key={r.id} className="home-item">
            <div className="home-item-main">
              <Link href={`/interviews/${encodeURIComponent(personId)}/${encodeURIComponent(r.interview.id)}`} className="home-item-title">
                {r.name || t("recordingNumber", { number: n + 1 })}
              </Link>
              <span className="muted small">{t("recordingOf", { day: format.day(r.interview.date, "long") })}</span>
            </div>
            {r.createdAt ? <span className="muted small">{format.moment(r.createdAt, true)}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Shown once the candidate has a conversation: with whom, the newest message, what is unread. */
function ConversationsCard({ personId }: { personId: string }) {
  const t = useTranslations("home.candidate");
  const locale = useLocale();
  const format = useDisplayFormat();
  const conversations = useConversations();
  if (!conversations.data?.length) return null;
  const others = (people: { id: string; first: string; last: string }[]) =>
    new Intl.ListFormat(locale, { type: "conjunction" }).format(people.filter((p) => p.id !== personId).map(fullName));
  return (
    <section className="card" aria-labelledby="home-conversations-title">
      <div className="card-head">
        <h2 id="home-conversations-title">{t("conversations")}</h2>
      </div>
      <ul className="home-list">
        {conversations.data.map((c) => (
          <li key={c.id} className="home-item">
            <div className="home-item-main">
              <Link href={`/messages/${encodeURIComponent(c.id)}`} className="home-item-title">
                {others(c.people) || t("noOneElse")}
              </Link>
              <span className="muted small home-message">{c.last_message ? c.last_message.body : t("noMessageYet")}</span>
            </div>
            <div className="home-item-side">
              {c.last_message && <span className="muted small">{format.moment(c.last_message.created_at, true)}</span>}
              {c.unread > 0 && <span className="badge badge-primary">{t("unread", { count: c.unread })}</span>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
