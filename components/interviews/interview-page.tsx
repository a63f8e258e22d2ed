"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useBoards } from "@/components/boards/use-boards";
import { useForm } from "@/components/forms/use-forms";
import { audienceOf } from "@/components/me/audience";
import { hasPermission, seesAllPeople, type Me } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import type { Person } from "@/components/people/person-types";
import { usePeople, usePerson } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { BoardDecision } from "@/components/scorecards/board-decision";
import { ScorecardsSection } from "@/components/scorecards/scorecards-section";
import { AnswersView } from "./answers-view";
import { EditableField } from "./interview-field";
import type { InterviewView } from "./interview-types";
import { RecordingsCard } from "./recordings-card";
import { useAutosave } from "./use-autosave";
import { useInterview } from "./use-interviews";
import { SaveStatus } from "./save-status";
import { PublishActions } from "./publish-actions";
import { InterviewScheduleCard } from "@/components/calendar/interview-schedule-card";
import { InterviewScheduleMeta } from "@/components/calendar/interview-schedule-meta";
import { InterviewSettings } from "./interview-settings";
import { Preview } from "./interview-preview";

type Mode = "main" | InterviewView;

/** The candidate as the reader knows them, and (for staff who see people) their mentors. */
function useCandidate(personId: string, me: Me | undefined) {
  const people = usePeople();
  const byId = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, p])), [people.data]);
  const detail = usePerson(personId, { enabled: Boolean(me?.sees_all_interviews && seesAllPeople(me)) });
  const person: Person | undefined = byId.get(personId) ?? detail.data;
  const mentors: Person[] | null = detail.data ? detail.data.mentors.map((id) => byId.get(id)).filter((p): p is Person => Boolean(p)) : null;
  return { person, mentors, loading: people.isPending };
}

/**
 * One interview. Editors fill the form with autosave, publish / unpublish, move the date,
 * delete; staff preview it as the candidate or a mentor gets it; everyone else reads it.
 */
export function InterviewPage({ personId, id }: { personId: string; id: string }) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const me = useMe();
  const interview = useInterview(personId, id);
  const boards = useBoards();
  const profiles = useProfiles();
  const form = useForm(interview.data?.form_id);
  const candidate = useCandidate(personId, me.data);
  const { store, snapshot } = useAutosave(personId, id);
  const [mode, setMode] = useState<Mode>("main");
  const language = me.data?.person.language || "en";
  const canEdit = hasPermission(me.data, "interviews:edit");
  const staff = Boolean(me.data?.sees_all_interviews);
  const listHref = me.data && audienceOf(me.data) === "candidate" ? "/" : "/interviews";

  if (interview.isPending || (interview.data?.form_id && form.isPending)) {
    return (
      <div className="stack" aria-busy="true">
        <Skeleton lines={2} />
        <div className="card card-pad">
          <Skeleton lines={8} />
        </div>
      </div>
    );
  }
  if (interview.isError) {
    if (isApiError(interview.error) && interview.error.status === 404) {
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
    return <ErrorState error={interview.error} onRetry={() => interview.refetch()} title={t("couldNotLoadOne")} />;
  }

  const i = interview.data;
  const name = candidate.person ? fullName(candidate.person) : candidate.loading ? "…" : t("someCandidate");
  const own = me.data?.person.id === personId;
  const boardRecord = i.board_id ? boards.data?.find((b) => b.id === i.board_id) : undefined;
  const board = i.board_id ? (boardRecord?.name ?? "…") : null;
  const profile = i.profile_id ? (profiles.data?.find((p) => p.id === i.profile_id)?.name ?? "…") : null;
  // Candidates and mentors get the form without its private and scorecard fields from the server.
  // Scorecard fields are each board member's own (components/scorecards), never shared answers.
  const allFields = form.data?.fields ?? [];
  const fields = allFields.filter((f) => f.scorecard !== 1);
  const scorecardFields = allFields.filter((f) => f.scorecard === 1);
  const privateCount = fields.filter((f) => f.p === 1).length;
  const meId = me.data?.person.id ?? "";
  const member = Boolean(meId && boardRecord?.members.includes(meId));
  const admin = Boolean(me.data?.kinds.includes("admin"));

  return (
    <>
      <Link href={listHref} className="back-link">
        <span aria-hidden="true">←</span> {listHref === "/" ? t("home") : t("title")}
      </Link>
      <header className="iv-head">
        <div className="iv-head-text">
          <h1>
            {own ? (
              t("yourInterview")
            ) : candidate.person ? (
              <Link href={`/people/${encodeURIComponent(personId)}`} className="iv-head-name">
                {name}
              </Link>
            ) : (
              name
            )}{" "}
            {i.published ? <span className="badge badge-success">{t("published")}</span> : <span className="badge badge-warning">{t("draft")}</span>}
          </h1>
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
              <dd>{board ?? <span className="muted">{t("none")}</span>}</dd>
            </div>
            <div>
              <dt>{t("fields.profile")}</dt>
              <dd>{profile ?? <span className="muted">{t("none")}</span>}</dd>
            </div>
            <div>
              <dt>{t("fields.form")}</dt>
              <dd>{i.form_id ? (form.data?.name ?? "…") : <span className="muted">{t("none")}</span>}</dd>
            </div>
          </dl>
        </div>
        {canEdit && <PublishActions interview={i} name={name} mentors={candidate.mentors} privateCount={privateCount} store={store} />}
      </header>

      {staff && (
        <div className="iv-modebar">
          <div className="iv-segmented" role="group" aria-label={t("modes.label")}>
            {(
              [
                ["main", canEdit ? t("modes.edit") : t("modes.full")],
                ["candidate", t("modes.candidate")],
                ["mentor", t("modes.mentor")],
              ] as [Mode, string][]
            ).map(([m, label]) => (
              <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
                {label}
              </button>
            ))}
          </div>
          {canEdit && mode === "main" && <SaveStatus snapshot={snapshot} onRetry={() => store.retry()} />}
        </div>
      )}

      <div className="iv-grid">
        <div>
          {mode === "main" ? (
            <section className="card" aria-labelledby="answers-title">
              <div className="card-head">
                <div>
                  <h2 id="answers-title">{t("answers")}</h2>
                  {form.data && <p>{form.data.name}</p>}
                </div>
              </div>
              <div className="card-body">
                {!i.form_id ? (
                  <EmptyState title={t("noForm")}>{canEdit ? t("noFormEditor") : t("noFormText")}</EmptyState>
                ) : form.isError ? (
                  <ErrorState error={form.error} onRetry={() => form.refetch()} title={t("couldNotLoadForm")} />
                ) : fields.length === 0 ? (
                  <EmptyState title={t("noFields")}>{canEdit ? t("noFieldsEditor") : t("nothingToShow")}</EmptyState>
                ) : canEdit ? (
                  <div className="iv-fields">
                    {fields.map((f) => (
                      <EditableField
                        key={f.id}
                        field={f}
                        value={i.responses[f.id]}
                        language={language}
                        personId={personId}
                        interviewId={id}
                        store={store}
                        snapshot={snapshot}
                        showPrivate
                      />
                    ))}
                  </div>
                ) : (
                  <AnswersView fields={fields} responses={i.responses} language={language} showPrivate={staff} />
                )}
              </div>
            </section>
          ) : (
            <Preview
              key={mode}
              view={mode}
              interview={i}
              fields={fields.filter((f) => f.p !== 1)}
              hasForm={Boolean(i.form_id)}
              candidate={candidate.person}
              mentors={candidate.mentors}
              readerLanguage={language}
              canEdit={canEdit}
            />
          )}
          {mode === "main" && (member || admin) && (
            <ScorecardsSection personId={personId} interviewId={id} meId={meId} member={member} admin={admin} fields={scorecardFields} language={language} />
          )}
        </div>
        <div>
          <RecordingsCard audio={i.audio} language={language} personId={personId} interviewId={id} canRecord={canEdit || (own && i.published === 1)} />
          {mode === "main" && (canEdit || i.recommendation !== null) && <BoardDecision interview={i} canDecide={canEdit} />}
          {canEdit && mode === "main" && <InterviewScheduleCard interview={i} />}
          {canEdit && mode === "main" && <InterviewSettings interview={i} name={name} store={store} snapshot={snapshot} />}
        </div>
      </div>
    </>
  );
}
