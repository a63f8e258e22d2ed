"use client";

import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { useBoards } from "@/components/boards/use-boards";
import type { FormField } from "@/components/forms/form-types";
import { useForm } from "@/components/forms/use-forms";
import { languageName, sameLanguage } from "@/components/languages/language-names";
import { audienceOf } from "@/components/me/audience";
import { hasPermission, seesAllPeople, type Me } from "@/components/me/me";
import { useMe } from "@/components/me/use-me";
import type { Person } from "@/components/people/person-types";
import { usePeople, usePerson } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { AnswersView, EditableField } from "./interview-field";
import type { Interview, InterviewView } from "./interview-types";
import { RecordingsCard } from "./recordings-card";
import { useAutosave, useSaveErrorMessage, type AutosaveSnapshot, type AutosaveStore } from "./use-autosave";
import { useDeleteInterview, useInterview, useUpdateInterview } from "./use-interviews";

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

/** "Ana, Ben and Cleo" in the reader's language. */
const listOf = (names: string[], locale: string) => new Intl.ListFormat(locale, { type: "conjunction" }).format(names);

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
  const board = i.board_id ? (boards.data?.find((b) => b.id === i.board_id)?.name ?? "…") : null;
  const profile = i.profile_id ? (profiles.data?.find((p) => p.id === i.profile_id)?.name ?? "…") : null;
  // Candidates and mentors get the form without its private fields from the server.
  const fields = form.data?.fields ?? [];
  const privateCount = fields.filter((f) => f.p === 1).length;

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
        </div>
        <div>
          <RecordingsCard audio={i.audio} language={language} personId={personId} interviewId={id} canRecord={canEdit || (own && i.published === 1)} />
          {canEdit && mode === "main" && <InterviewSettings interview={i} name={name} store={store} snapshot={snapshot} />}
        </div>
      </div>
    </>
  );
}

function SaveStatus({ snapshot, onRetry }: { snapshot: AutosaveSnapshot; onRetry: () => void }) {
  const t = useTranslations("interviews");
  const errorMessage = useErrorMessage();
  const { status } = snapshot;
  return (
    <div className={`iv-save iv-save-${status}`}>
      <span role="status" aria-live="polite" title={snapshot.failure ? errorMessage(snapshot.failure) : undefined}>
        {status === "saving" ? (
          <>
            <span className="spinner spinner-sm" aria-hidden="true" /> {t("save.saving")}
          </>
        ) : status === "saved" ? (
          <>
            <span aria-hidden="true">✓</span> {t("save.saved")}
          </>
        ) : status === "error" ? (
          t("save.failed")
        ) : (
          t("save.idle")
        )}
      </span>
      {status === "error" && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t("save.retry")}
        </button>
      )}
    </div>
  );
}

function PublishActions({
  interview,
  name,
  mentors,
  privateCount,
  store,
}: {
  interview: Interview;
  name: string;
  mentors: Person[] | null;
  privateCount: number;
  store: AutosaveStore;
}) {
  const t = useTranslations("interviews.publish");
  const locale = useLocale();
  const toast = useToast();
  const update = useUpdateInterview(interview.person_id, interview.id);
  const [confirm, setConfirm] = useState<"publish" | "unpublish" | null>(null);
  const mentorNames = mentors?.map(fullName) ?? null;
  // Who reads a published interview: the candidate, and their mentors (by name when known).
  const who =
    mentorNames === null
      ? t("whoWithMentors", { name })
      : t("who", { name, count: mentorNames.length, mentors: listOf(mentorNames, locale) });

  return (
    <div className="person-head-actions">
      {interview.published ? (
        <button type="button" className="btn" onClick={() => setConfirm("unpublish")}>
          {t("unpublish")}
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setConfirm("publish")}>
          {t("publish")}
        </button>
      )}
      <ConfirmDialog
        open={confirm === "publish"}
        onClose={() => setConfirm(null)}
        title={t("publishTitle")}
        message={
          <div className="stack-sm">
            <p>{t("publishConsequence", { who, private: privateCount })}</p>
            {mentorNames !== null && mentorNames.length === 0 && <p className="muted small">{t("noMentor", { name })}</p>}
            <p className="muted small">{t("canUnpublish")}</p>
          </div>
        }
        confirmLabel={t("publish")}
        onConfirm={async () => {
          await store.flush();
          if (store.hasUnsaved) throw new Error(t("unsavedAnswers"));
          await update.mutateAsync({ published: 1 });
          toast.show(t("published"));
        }}
      />
      <ConfirmDialog
        open={confirm === "unpublish"}
        onClose={() => setConfirm(null)}
        title={t("unpublishTitle")}
        message={t("unpublishConsequence", { who })}
        confirmLabel={t("unpublish")}
        onConfirm={async () => {
          await update.mutateAsync({ published: 0 });
          toast.show(t("unpublished"));
        }}
      />
    </div>
  );
}

/** Editors: move the date; delete the interview. */
function InterviewSettings({ interview, name, store, snapshot }: { interview: Interview; name: string; store: AutosaveStore; snapshot: AutosaveSnapshot }) {
  const t = useTranslations("interviews");
  const format = useDisplayFormat();
  const saveError = useSaveErrorMessage();
  const router = useRouter();
  const toast = useToast();
  const del = useDeleteInterview(interview.person_id, interview.id);
  const [date, setDate] = useState(interview.date);
  const [deleting, setDeleting] = useState(false);
  const failure = snapshot.errors.get("date");
  const error = failure === undefined ? undefined : saveError(failure, "date");

  useEffect(() => {
    if (!store.hasLocal("date")) setDate(interview.date);
  }, [interview.date, store]);

  return (
    <section className="card" aria-labelledby="settings-title">
      <div className="card-head">
        <h2 id="settings-title">{t("settings.title")}</h2>
      </div>
      <div className="card-body stack">
        <div className="field">
          <label className="field-label" htmlFor="interview-date">
            {t("fields.date")}
          </label>
          <input
            id="interview-date"
            className="input input-date"
            type="date"
            value={date}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "interview-date-error" : "interview-date-day"}
            onChange={(e) => {
              setDate(e.target.value);
              if (e.target.value && e.target.value !== interview.date) store.save("date", e.target.value);
            }}
          />
          {error ? (
            <p id="interview-date-error" className="field-error">
              {error}
            </p>
          ) : (
            date && (
              <p id="interview-date-day" className="field-hint">
                {format.day(date, "full")}
              </p>
            )
          )}
        </div>
        <div className="iv-danger">
          <p className="small muted">{t("settings.deleteText")}</p>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDeleting(true)}>
            {t("settings.delete")}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t("settings.deleteTitle")}
        message={t("settings.deleteConsequence", { name, date: format.day(interview.date, "long") })}
        confirmLabel={t("settings.delete")}
        danger
        onConfirm={async () => {
          await del.mutateAsync();
          toast.show(t("settings.deleted"));
          router.replace("/interviews");
        }}
      />
    </section>
  );
}

/** Staff: the interview exactly as the candidate or a mentor gets it (`?view=`), read only. */
function Preview({
  view,
  interview,
  fields,
  hasForm,
  candidate,
  mentors,
  readerLanguage,
  canEdit,
}: {
  view: InterviewView;
  interview: Interview;
  fields: FormField[];
  hasForm: boolean;
  candidate: Person | undefined;
  mentors: Person[] | null;
  readerLanguage: string;
  canEdit: boolean;
}) {
  const t = useTranslations("interviews.preview");
  const locale = useLocale();
  const preview = useInterview(interview.person_id, interview.id, view);
  const first = candidate?.first || t("theCandidate");
  const when = interview.published === 1 ? "now" : canEdit ? "onPublish" : "oncePublished";
  // Shown in the language of the one reader previewed, when there is exactly one.
  const reader = view === "candidate" ? candidate : mentors?.length === 1 ? mentors[0] : undefined;
  const language = reader?.language || readerLanguage;
  const strong = (chunks: React.ReactNode) => <strong>{chunks}</strong>;

  const banner =
    view === "candidate"
      ? t.rich("asCandidate", { name: candidate ? fullName(candidate) : t("theCandidate"), first, when, strong })
      : mentors === null
        ? t.rich("asSomeMentor", { first, when, strong })
        : mentors.length === 0
          ? t.rich("asNoMentor", { first, when, strong })
          : t.rich("asMentors", { names: listOf(mentors.map(fullName), locale), first, count: mentors.length, mentor: mentors[0].first, when, strong });

  return (
    <section className="card iv-preview" aria-labelledby="preview-title">
      <div className="card-head">
        <div>
          <h2 id="preview-title">{view === "candidate" ? t("candidateTitle") : t("mentorTitle")}</h2>
          <p>{t("readOnly")}</p>
        </div>
      </div>
      <div className="card-body stack">
        <div className={`notice ${interview.published ? "notice-info" : ""} iv-banner`} role="note">
          <p>{banner}</p>
          {!sameLanguage(language, readerLanguage) && <p className="small">{t("shownIn", { language: languageName(language, locale) })}</p>}
        </div>
        {preview.isPending ? (
          <Skeleton lines={6} />
        ) : preview.isError ? (
          <ErrorState error={preview.error} onRetry={() => preview.refetch()} title={t("couldNotLoad")} />
        ) : !hasForm ? (
          <EmptyState title={t("noForm")}>{t("noFormText")}</EmptyState>
        ) : fields.length === 0 ? (
          <EmptyState title={t("nothing")}>{t("allPrivate")}</EmptyState>
        ) : (
          <AnswersView fields={fields} responses={preview.data.responses} language={language} showPrivate={false} />
        )}
      </div>
    </section>
  );
}
