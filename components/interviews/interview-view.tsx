"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { useRecordingManage } from "@/components/audio/use-recording-manage";
import type { FormField } from "@/components/forms/form-types";
import type { Person } from "@/components/people/person-types";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { AnswersView } from "./answers-view";
import { InterviewMetaList, PublishedBadge } from "./interview-head";
import type { Interview, InterviewView as PreviewView } from "./interview-types";
import { RecordingsCard } from "./recordings-card";
import { useQueryRecordingsSource } from "./use-query-recordings-source";

// Each only for those it is shown to, in its own chunk: a candidate reading their interview on
// a phone downloads none of them (the board's decision only once there is one). Editors get the
// scorecards and the decision in their own chunk (`editor`), not in two more.
const Preview = dynamic(() => import("./interview-preview").then((m) => m.Preview), { loading: () => <Skeleton lines={8} /> });
// `loading`: each in its own Suspense boundary, so one that appears later (a live update) does not suspend the page.
const ScorecardsSection = dynamic(() => import("@/components/scorecards/scorecards-section").then((m) => m.ScorecardsSection), { loading: () => null });
const BoardDecision = dynamic(() => import("@/components/scorecards/board-decision").then((m) => m.BoardDecision), { loading: () => null });

type Mode = "main" | PreviewView;

/** What only editors get (components/interviews/interview-editor.tsx), each where it goes. */
export type EditorParts = {
  actions: React.ReactNode;
  saveStatus: React.ReactNode;
  fields: React.ReactNode;
  scorecards: React.ReactNode;
  decision: React.ReactNode;
  side: React.ReactNode;
};

export type InterviewViewProps = {
  personId: string;
  id: string;
  interview: Interview;
  form: { name: string | undefined; isError: boolean; error: unknown; refetch: () => void };
  name: string;
  own: boolean;
  candidate: Person | undefined;
  mentors: Person[] | null;
  board: string | null;
  profile: string | null;
  fields: FormField[];
  scorecardFields: FormField[];
  language: string;
  canEdit: boolean;
  staff: boolean;
  listHref: string;
  meId: string;
  member: boolean;
  admin: boolean;
  editor: EditorParts | null;
};

/** One interview as the page shows it; editors' parts come in `editor`. */
export function InterviewView(p: InterviewViewProps) {
  const t = useTranslations("interviews");
  const [mode, setMode] = useState<Mode>("main");
  const { interview: i, personId, id, canEdit, staff, language, fields, listHref } = p;
  const recordings = useQueryRecordingsSource(personId, id);
  const manageRecordings = useRecordingManage(personId, id, language);

  return (
    <>
      <Link href={listHref} className="back-link">
        <span aria-hidden="true">←</span> {listHref === "/" ? t("home") : t("title")}
      </Link>
      <header className="iv-head">
        <div className="iv-head-text">
          <h1>
            {p.own ? (
              t("yourInterview")
            ) : p.candidate ? (
              <Link href={`/people/${encodeURIComponent(personId)}`} className="iv-head-name">
                {p.name}
              </Link>
            ) : (
              p.name
            )}{" "}
            <PublishedBadge published={i.published} />
          </h1>
          <InterviewMetaList interview={i} board={p.board} profile={p.profile} formName={p.form.name} />
        </div>
        {p.editor?.actions}
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
          {mode === "main" && p.editor?.saveStatus}
        </div>
      )}

      <div className="iv-grid">
        <div>
          {mode === "main" ? (
            <section className="card" aria-labelledby="answers-title">
              <div className="card-head">
                <div>
                  <h2 id="answers-title">{t("answers")}</h2>
                  {p.form.name !== undefined && <p>{p.form.name}</p>}
                </div>
              </div>
              <div className="card-body">
                {!i.form_id ? (
                  <EmptyState title={t("noForm")}>{canEdit ? t("noFormEditor") : t("noFormText")}</EmptyState>
                ) : p.form.isError ? (
                  <ErrorState error={p.form.error} onRetry={p.form.refetch} title={t("couldNotLoadForm")} />
                ) : fields.length === 0 ? (
                  <EmptyState title={t("noFields")}>{canEdit ? t("noFieldsEditor") : t("nothingToShow")}</EmptyState>
                ) : p.editor ? (
                  p.editor.fields
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
              candidate={p.candidate}
              mentors={p.mentors}
              readerLanguage={language}
              canEdit={canEdit}
            />
          )}
          {mode === "main" &&
            (p.editor
              ? p.editor.scorecards
              : (p.member || p.admin) && (
                  <ScorecardsSection
                    personId={personId}
                    interviewId={id}
                    meId={p.meId}
                    member={p.member}
                    admin={p.admin}
                    fields={p.scorecardFields}
                    language={language}
                  />
                ))}
        </div>
        <div>
          <RecordingsCard
            audio={i.audio}
            language={language}
            personId={personId}
            interviewId={id}
            canRecord={canEdit || (p.own && i.published === 1)}
            manage={canEdit ? manageRecordings : undefined}
            source={recordings}
          />
          {mode === "main" && (p.editor ? p.editor.decision : i.recommendation !== null && <BoardDecision interview={i} canDecide={false} />)}
          {mode === "main" && p.editor?.side}
        </div>
      </div>
    </>
  );
}
