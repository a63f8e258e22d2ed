"use client";

import { useLocale, useTranslations } from "next-intl";
import type { FormField } from "@/components/forms/form-types";
import { languageName, sameLanguage } from "@/components/languages/language-names";
import type { Person } from "@/components/people/person-types";
import { fullName } from "@/components/ui/format";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { AnswersView } from "./answers-view";
import type { Interview, InterviewView } from "./interview-types";
import { useInterview } from "./use-interviews";
import { listOf } from "./interview-format";

/** Staff: the interview exactly as the candidate or a mentor gets it (`?view=`), read only. */
export function Preview({
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
