import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { Board } from "@/lib/boards/schemas";
import { inLanguage } from "@/components/forms/form-types";
import type { Interview, InterviewSummary } from "@/components/interviews/interview-types";
import { ownLanguageName } from "@/components/languages/language-names";
import type { Me } from "@/components/me/me";
import type { ConversationListItem } from "@/components/messages/chat-types";
import type { PersonDetail } from "@/components/people/person-types";
import { Avatar } from "@/components/ui/avatar";
import { fullName } from "@/components/ui/format";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { useDisplayFormat } from "@/components/ui/use-display-format";

/** One part of the page as it was loaded on the server: its data, or null when that failed. */
type Loaded<T> = T | null;

export type CandidateHomeData = {
  interviews: Loaded<InterviewSummary[]>;
  /** The interviews' details, for their recordings (those that failed to load are left out). */
  details: Interview[];
  person: Loaded<PersonDetail>;
  boards: Board[];
  conversations: ConversationListItem[];
};

/**
 * A candidate's start page: who they are to the district, their published interviews, and,
 * once there are any, the recordings of those interviews and their conversations. Nothing of
 * anyone else, nothing district-wide. Rendered on the server only (app/(app)/_reader/candidate-start.tsx
 * loads its data): a phone downloads and hydrates none of it.
 */
export function CandidateHome({ me, data }: { me: Me; data: CandidateHomeData }) {
  const t = useTranslations("home.candidate");
  const person = me.person;
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t("title", { first: person.first })}</h1>
          <p>{t("lead", { district: me.district.name })}</p>
        </div>
      </div>
      <div className="home-grid">
        <div>
          <InterviewsCard interviews={data.interviews} boards={data.boards} personId={person.id} />
          <RecordingsCard details={data.details} personId={person.id} language={person.language || "en"} />
          <ConversationsCard conversations={data.conversations} personId={person.id} />
        </div>
        <ProfileCard person={data.person} personId={person.id} />
      </div>
    </>
  );
}

function ProfileCard({ person, personId }: { person: Loaded<PersonDetail>; personId: string }) {
  const t = useTranslations("home.candidate");
  return (
    <section className="card" aria-labelledby="profile-title">
      <div className="card-head">
        <h2 id="profile-title">{t("profile")}</h2>
      </div>
      <div className="card-body">
        {!person ? (
          <LoadFailed href="/" />
        ) : (
          <div className="stack-sm">
            <div className="home-profile">
              <Avatar first={person.first} last={person.last} src={person.photo_url} size={56} />
              <div>
                <p className="home-item-title">{fullName(person)}</p>
                <p className="muted small">{person.email}</p>
              </div>
            </div>
            <dl className="home-facts">
              <div>
                <dt>{t("language")}</dt>
                <dd lang={person.language}>{ownLanguageName(person.language)}</dd>
              </div>
              <div>
                <dt>{t("documents")}</dt>
                <dd>{t("documentCount", { count: person.files?.length ?? 0 })}</dd>
              </div>
            </dl>
            <Link href={`/people/${encodeURIComponent(personId)}`}>{t("allDetails")}</Link>
          </div>
        )}
      </div>
    </section>
  );
}

function InterviewsCard({ interviews, boards, personId }: { interviews: Loaded<InterviewSummary[]>; boards: Board[]; personId: string }) {
  const t = useTranslations("home.candidate");
  const format = useDisplayFormat();
  const boardName = (id: string | null) => (id ? boards.find((b) => b.id === id)?.name : undefined);
  return (
    <section className="card" aria-labelledby="home-interviews-title">
      <div className="card-head">
        <div>
          <h2 id="home-interviews-title">{t("interviews")}</h2>
          <p>{t("interviewsLead")}</p>
        </div>
      </div>
      {!interviews ? (
        <LoadFailed href="/" />
      ) : !interviews.length ? (
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
function RecordingsCard({ details, personId, language }: { details: Interview[]; personId: string; language: string }) {
  const t = useTranslations("home.candidate");
  const format = useDisplayFormat();
  const recordings = details.flatMap((interview) =>
    Object.entries(interview.audio).map(([id, r]) => ({ id, name: inLanguage(r.name, language), createdAt: r.created_at, interview })),
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
function ConversationsCard({ conversations, personId }: { conversations: ConversationListItem[]; personId: string }) {
  const t = useTranslations("home.candidate");
  const locale = useLocale();
  const format = useDisplayFormat();
  if (!conversations.length) return null;
  const others = (people: { id: string; first: string; last: string }[]) =>
    new Intl.ListFormat(locale, { type: "conjunction" }).format(people.filter((p) => p.id !== personId).map(fullName));
  return (
    <section className="card" aria-labelledby="home-conversations-title">
      <div className="card-head">
        <h2 id="home-conversations-title">{t("conversations")}</h2>
      </div>
      <ul className="home-list">
        {conversations.map((c) => (
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
