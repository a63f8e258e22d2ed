"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { isApiError } from "@/components/api/api-fetch";
import { useBoards } from "@/components/boards/use-boards";
import type { FormField } from "@/components/forms/form-types";
import { useForm } from "@/components/forms/use-forms";
import { hasPermission, seesAllPeople, useMe, type Me } from "@/components/me/use-me";
import type { Person } from "@/components/people/person-types";
import { usePeople, usePerson } from "@/components/people/use-people";
import { useProfiles } from "@/components/profiles/use-profiles";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { AnswersView, EditableField } from "./interview-field";
import { formatDay, languageName, sameLanguage } from "./interview-format";
import type { Interview, InterviewView } from "./interview-types";
import { RecordingsCard } from "./recordings-card";
import { useAutosave, type AutosaveSnapshot, type AutosaveStore } from "./use-autosave";
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

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;

/**
 * One interview. Editors fill the form with autosave, publish / unpublish, move the date,
 * delete; staff preview it as the candidate or a mentor gets it; everyone else reads it.
 */
export function InterviewPage({ personId, id }: { personId: string; id: string }) {
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
            title="Interview not found"
            action={
              <Link href="/interviews" className="btn">
                Back to interviews
              </Link>
            }
          >
            It does not exist or you may not see it.
          </EmptyState>
        </div>
      );
    }
    return <ErrorState error={interview.error} onRetry={() => interview.refetch()} title="Could not load this interview" />;
  }

  const i = interview.data;
  const name = candidate.person ? fullName(candidate.person) : candidate.loading ? "…" : "Candidate";
  const own = me.data?.person.id === personId;
  const board = i.board_id ? (boards.data?.find((b) => b.id === i.board_id)?.name ?? "…") : null;
  const profile = i.profile_id ? (profiles.data?.find((p) => p.id === i.profile_id)?.name ?? "…") : null;
  // Candidates and mentors get the form without its private fields from the server.
  const fields = form.data?.fields ?? [];
  const privateCount = fields.filter((f) => f.p === 1).length;

  return (
    <>
      <Link href="/interviews" className="back-link">
        <span aria-hidden="true">←</span> Interviews
      </Link>
      <header className="iv-head">
        <div className="iv-head-text">
          <h1>
            {own ? (
              "Your interview"
            ) : candidate.person ? (
              <Link href={`/people/${encodeURIComponent(personId)}`} className="iv-head-name">
                {name}
              </Link>
            ) : (
              name
            )}{" "}
            {i.published ? <span className="badge badge-success">Published</span> : <span className="badge badge-warning">Draft</span>}
          </h1>
          <dl className="iv-meta">
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={i.date}>{formatDay(i.date, "long")}</time>
              </dd>
            </div>
            <div>
              <dt>Board</dt>
              <dd>{board ?? <span className="muted">None</span>}</dd>
            </div>
            <div>
              <dt>Profile</dt>
              <dd>{profile ?? <span className="muted">None</span>}</dd>
            </div>
            <div>
              <dt>Form</dt>
              <dd>{i.form_id ? (form.data?.name ?? "…") : <span className="muted">None</span>}</dd>
            </div>
          </dl>
        </div>
        {canEdit && <PublishActions interview={i} name={name} mentors={candidate.mentors} privateCount={privateCount} store={store} />}
      </header>

      {staff && (
        <div className="iv-modebar">
          <div className="iv-segmented" role="group" aria-label="View">
            {(
              [
                ["main", canEdit ? "Edit" : "Full view"],
                ["candidate", "Preview as candidate"],
                ["mentor", "Preview as mentor"],
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
                  <h2 id="answers-title">Answers</h2>
                  {form.data && <p>{form.data.name}</p>}
                </div>
              </div>
              <div className="card-body">
                {!i.form_id ? (
                  <EmptyState title="No form">
                    {canEdit ? "This interview was created without a form, so there is nothing to fill in." : "This interview has no form, so there are no answers."}
                  </EmptyState>
                ) : form.isError ? (
                  <ErrorState error={form.error} onRetry={() => form.refetch()} title="Could not load the form" />
                ) : fields.length === 0 ? (
                  <EmptyState title="The form has no fields">{canEdit ? "Add fields to the form in Settings." : "There is nothing to show."}</EmptyState>
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
          <RecordingsCard audio={i.audio} language={language} canEdit={canEdit} />
          {canEdit && mode === "main" && <InterviewSettings interview={i} name={name} store={store} snapshot={snapshot} />}
        </div>
      </div>
    </>
  );
}

function SaveStatus({ snapshot, onRetry }: { snapshot: AutosaveSnapshot; onRetry: () => void }) {
  const { status } = snapshot;
  return (
    <div className={`iv-save iv-save-${status}`}>
      <span role="status" aria-live="polite" title={snapshot.message ?? undefined}>
        {status === "saving" ? (
          <>
            <span className="spinner spinner-sm" aria-hidden="true" /> Saving…
          </>
        ) : status === "saved" ? (
          <>
            <span aria-hidden="true">✓</span> All changes saved
          </>
        ) : status === "error" ? (
          <>Could not save —</>
        ) : (
          "Changes save automatically"
        )}
      </span>
      {status === "error" && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Retry
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
  const toast = useToast();
  const update = useUpdateInterview(interview.person_id, interview.id);
  const [confirm, setConfirm] = useState<"publish" | "unpublish" | null>(null);
  const mentorNames = mentors?.map(fullName) ?? null;
  const who =
    mentorNames === null
      ? `${name} and their mentors`
      : mentorNames.length
        ? `${name} and ${mentorNames.length === 1 ? "their mentor" : "their mentors"} ${listOf(mentorNames)}`
        : name;
  const withoutPrivate = privateCount
    ? ` without the private field${privateCount === 1 ? "" : "s"} (only admins and the board see ${privateCount === 1 ? "it" : "them"})`
    : "";

  return (
    <div className="person-head-actions">
      {interview.published ? (
        <button type="button" className="btn" onClick={() => setConfirm("unpublish")}>
          Unpublish
        </button>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setConfirm("publish")}>
          Publish
        </button>
      )}
      <ConfirmDialog
        open={confirm === "publish"}
        onClose={() => setConfirm(null)}
        title="Publish this interview?"
        message={
          <div className="stack-sm">
            <p>
              {who} will then see it{withoutPrivate}.
            </p>
            {mentorNames !== null && mentorNames.length === 0 && <p className="muted small">No mentor is assigned to {name}.</p>}
            <p className="muted small">You can unpublish it later.</p>
          </div>
        }
        confirmLabel="Publish"
        onConfirm={async () => {
          await store.flush();
          if (store.hasUnsaved) throw new Error("Some answers are not saved yet. Retry saving them, then publish.");
          await update.mutateAsync({ published: 1 });
          toast.show("Interview published.");
        }}
      />
      <ConfirmDialog
        open={confirm === "unpublish"}
        onClose={() => setConfirm(null)}
        title="Unpublish this interview?"
        message={`${who} will no longer see it. You can publish it again at any time.`}
        confirmLabel="Unpublish"
        onConfirm={async () => {
          await update.mutateAsync({ published: 0 });
          toast.show("Interview unpublished: only staff see it now.");
        }}
      />
    </div>
  );
}

/** Editors: move the date; delete the interview. */
function InterviewSettings({ interview, name, store, snapshot }: { interview: Interview; name: string; store: AutosaveStore; snapshot: AutosaveSnapshot }) {
  const router = useRouter();
  const toast = useToast();
  const del = useDeleteInterview(interview.person_id, interview.id);
  const [date, setDate] = useState(interview.date);
  const [deleting, setDeleting] = useState(false);
  const error = snapshot.errors.get("date");

  useEffect(() => {
    if (!store.hasLocal("date")) setDate(interview.date);
  }, [interview.date, store]);

  return (
    <section className="card" aria-labelledby="settings-title">
      <div className="card-head">
        <h2 id="settings-title">Interview</h2>
      </div>
      <div className="card-body stack">
        <div className="field">
          <label className="field-label" htmlFor="interview-date">
            Date
          </label>
          <input
            id="interview-date"
            className="input"
            type="date"
            value={date}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "interview-date-error" : undefined}
            onChange={(e) => {
              setDate(e.target.value);
              if (e.target.value && e.target.value !== interview.date) store.save("date", e.target.value);
            }}
          />
          {error && (
            <p id="interview-date-error" className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="iv-danger">
          <p className="small muted">Deleting removes the answers, recordings and attachments, for good.</p>
          <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => setDeleting(true)}>
            Delete interview
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this interview?"
        message={`The interview with ${name} on ${formatDay(interview.date, "long")} is deleted with its answers, recordings and attachments. This cannot be undone.`}
        confirmLabel="Delete interview"
        danger
        onConfirm={async () => {
          await del.mutateAsync();
          toast.show("Interview deleted.");
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
  const preview = useInterview(interview.person_id, interview.id, view);
  const first = candidate?.first || "The candidate";
  const published = interview.published === 1;
  const whenPublished = canEdit ? "once you publish" : "once it is published";
  // Shown in the language of the one reader previewed, when there is exactly one.
  const reader = view === "candidate" ? candidate : mentors?.length === 1 ? mentors[0] : undefined;
  const language = reader?.language || readerLanguage;

  let banner: React.ReactNode;
  if (view === "candidate") {
    banner = (
      <>
        <strong>Preview as {candidate ? fullName(candidate) : "the candidate"}.</strong>{" "}
        {published ? `${first} can see this now.` : `${first} will see this ${whenPublished}.`}
      </>
    );
  } else if (mentors === null) {
    banner = (
      <>
        <strong>Preview as a mentor of {first}.</strong> {published ? "Their mentors can see this now." : `Their mentors will see this ${whenPublished}.`}
      </>
    );
  } else if (mentors.length === 0) {
    banner = (
      <>
        <strong>Preview as a mentor.</strong> No mentor is assigned to {first}, so no mentor sees this interview.
        {published ? "" : ` A mentor assigned later will see it ${whenPublished}.`}
      </>
    );
  } else {
    const names = listOf(mentors.map(fullName));
    banner = (
      <>
        <strong>
          Preview as {names} ({first}’s mentor{mentors.length === 1 ? "" : "s"}).
        </strong>{" "}
        {published
          ? `${mentors.length === 1 ? "They can" : "They can all"} see this now.`
          : `${mentors.length === 1 ? mentors[0].first : "They"} will see this ${whenPublished}.`}
      </>
    );
  }

  return (
    <section className="card iv-preview" aria-labelledby="preview-title">
      <div className="card-head">
        <div>
          <h2 id="preview-title">{view === "candidate" ? "Candidate’s view" : "Mentor’s view"}</h2>
          <p>Read only · private fields left out</p>
        </div>
      </div>
      <div className="card-body stack">
        <div className={`notice ${published ? "notice-info" : ""} iv-banner`} role="note">
          <p>{banner}</p>
          {!sameLanguage(language, readerLanguage) && <p className="small">Shown in {languageName(language)}, their language.</p>}
        </div>
        {preview.isPending ? (
          <Skeleton lines={6} />
        ) : preview.isError ? (
          <ErrorState error={preview.error} onRetry={() => preview.refetch()} title="Could not load the preview" />
        ) : !hasForm ? (
          <EmptyState title="No form">This interview has no form, so there are no answers.</EmptyState>
        ) : fields.length === 0 ? (
          <EmptyState title="Nothing to show">Every field of this form is private.</EmptyState>
        ) : (
          <AnswersView fields={fields} responses={preview.data.responses} language={language} showPrivate={false} />
        )}
      </div>
    </section>
  );
}
