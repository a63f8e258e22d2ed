import { useTranslations } from "next-intl";
import Link from "next/link";
import type { FormField } from "@/components/forms/form-types";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { AnswersView } from "./answers-view";
import { InterviewMetaList, PublishedBadge } from "./interview-head";
import type { Interview } from "./interview-types";

export type InterviewReadingProps = {
  interview: Interview;
  /** The form's name and its shared fields; null when the interview names a form that could not be loaded. */
  form: { name: string; fields: FormField[] } | null;
  board: string | null;
  profile: string | null;
  language: string;
  /** The interview's recordings and the board's decision (client islands: they stay live). */
  recordings: React.ReactNode;
};

/**
 * A candidate's own interview as they read it, rendered on the server only (app/(app)/_reader/
 * candidate-interview.tsx): the same header and answers as components/interviews/interview-view.tsx
 * shows a reader, with no editor, preview or scorecard parts.
 */
export function InterviewReading({ interview: i, form, board, profile, language, recordings }: InterviewReadingProps) {
  const t = useTranslations("interviews");
  return (
    <>
      <Link href="/" className="back-link">
        <span aria-hidden="true">←</span> {t("home")}
      </Link>
      <header className="iv-head">
        <div className="iv-head-text">
          <h1>
            {t("yourInterview")} <PublishedBadge published={i.published} />
          </h1>
          <InterviewMetaList interview={i} board={board} profile={profile} formName={form?.name} />
        </div>
      </header>

      <div className="iv-grid">
        <div>
          <section className="card" aria-labelledby="answers-title">
            <div className="card-head">
              <div>
                <h2 id="answers-title">{t("answers")}</h2>
                {form && <p>{form.name}</p>}
              </div>
            </div>
            <div className="card-body">
              {!i.form_id ? (
                <EmptyState title={t("noForm")}>{t("noFormText")}</EmptyState>
              ) : !form ? (
                <LoadFailed title={t("couldNotLoadForm")} href={`/interviews/${encodeURIComponent(i.person_id)}/${encodeURIComponent(i.id)}`} />
              ) : form.fields.length === 0 ? (
                <EmptyState title={t("noFields")}>{t("nothingToShow")}</EmptyState>
              ) : (
                <AnswersView fields={form.fields} responses={i.responses} language={language} showPrivate={false} />
              )}
            </div>
          </section>
        </div>
        <div>{recordings}</div>
      </div>
    </>
  );
}
