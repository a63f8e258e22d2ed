import "server-only";
import { getTranslations } from "next-intl/server";
import { loadForPage } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import type { InterviewForm } from "@/components/forms/form-types";
import { CandidateRecordings } from "@/components/interviews/candidate-recordings";
import { InterviewNotFound } from "@/components/interviews/interview-head";
import { InterviewReading } from "@/components/interviews/interview-reading";
import type { Interview } from "@/components/interviews/interview-types";
import type { Me } from "@/components/me/me";
import { LoadFailed } from "@/components/ui/load-failed";
import { RefreshOnReturn } from "@/components/ui/refresh-on-return";
import { DecisionCard } from "@/components/scorecards/decision-card";
import type { Board } from "@/lib/boards/schemas";
import type { Profile } from "@/lib/profiles/schemas";

/**
 * A candidate's own interview, rendered on the server from the same API answers their browser
 * would get (loadForPage): the header, the answers and the board's decision are HTML only, and
 * only the recordings (player, transcript, recorder) hydrate, from the interview the page has.
 * No react-query. Loaded again when the candidate comes back to the tab.
 */
export async function CandidateInterview({ me, id }: { me: Me; id: string }) {
  const t = await getTranslations("interviews");
  const q = apiQueries;
  const personId = me.person.id;
  const language = me.person.language || "en";
  const [loaded, boards, profiles] = await Promise.all([
    loadForPage<Interview>(q.interview(personId, id)),
    loadForPage<Board[]>(q.boards()),
    loadForPage<Profile[]>(q.profiles()),
  ]);
  if (!loaded.ok && loaded.status === 404) return <InterviewNotFound listHref="/" />;
  if (!loaded.ok) return <LoadFailed title={t("couldNotLoadOne")} href={`/interviews/${encodeURIComponent(personId)}/${encodeURIComponent(id)}`} />;
  const interview = loaded.data;
  const form = interview.form_id ? await loadForPage<InterviewForm>(q.form(interview.form_id)) : null;
  // A candidate gets the form without private and scorecard fields; scorecard fields are never shared answers.
  const shared = form?.ok ? { name: form.data.name, fields: form.data.fields.filter((f) => f.scorecard !== 1) } : null;
  const nameIn = (list: { id: string; name: string }[] | null, of: string | null) => (of ? (list?.find((x) => x.id === of)?.name ?? "…") : null);
  return (
    <>
      <RefreshOnReturn />
      <InterviewReading
        interview={interview}
        form={shared}
        board={nameIn(boards.ok ? boards.data : null, interview.board_id)}
        profile={nameIn(profiles.ok ? profiles.data : null, interview.profile_id)}
        language={language}
        recordings={
          <>
            <CandidateRecordings interview={interview} language={language} />
            {interview.recommendation !== null && <DecisionCard interview={interview} />}
          </>
        }
      />
    </>
  );
}
