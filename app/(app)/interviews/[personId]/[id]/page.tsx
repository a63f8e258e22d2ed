import type { QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { dehydratedQueries } from "@/app/(app)/_prefetch/dehydrated-queries";
import { CandidateInterview } from "@/app/(app)/_reader/candidate-interview";
import { apiQueries } from "@/components/api/api-queries";
import { candidateDetailFor } from "@/components/interviews/candidate-detail";
import { InterviewPageEntry } from "@/components/interviews/interview-page-entry";
import { audienceOf } from "@/components/me/audience";
import { hasPermission } from "@/components/me/me";
import { pageMe } from "@/lib/pages/page-me";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("interviews"))("interviewTitle") };
}

export default async function Page({ params }: { params: Promise<{ personId: string; id: string }> }) {
  const { personId, id } = await params;
  const me = await pageMe();
  // A candidate's own interview is rendered on the server, with only its recordings hydrated. The
  // module imports no client component with react-query (InterviewPageEntry loads it in its own
  // chunk): Next.js sends every client component a page module imports to all of its readers.
  if (me && audienceOf(me) === "candidate" && me.person.id === personId && !hasPermission(me, "interviews:edit"))
    return (
      <ClientMessages namespaces={["audio", "ui"]}>
        <CandidateInterview me={me} id={id} />
      </ClientMessages>
    );
  const q = apiQueries;
  const interview = q.interview(personId, id);
  // As the page asks (useCandidate): the candidate's details for staff, then their mentors' names;
  // for the others the candidate's name. Then the form the interview names.
  const detail = candidateDetailFor(me);
  const candidate = detail ? q.person(personId) : q.peopleNamed([personId]);
  const then = (client: QueryClient) => {
    const formId = client.getQueryData<{ form_id?: string | null }>(interview.queryKey)?.form_id;
    const mentors = detail ? (client.getQueryData<{ mentors?: string[] }>(candidate.queryKey)?.mentors ?? []) : [];
    return [...(formId ? [q.form(formId)] : []), ...(mentors.length ? [q.peopleNamed(mentors)] : [])];
  };
  return (
    <ClientMessages namespaces={["audio", "calendar", "interviews", "scorecards", "ui", "uploads"]}>
      <InterviewPageEntry personId={personId} id={id} state={await dehydratedQueries({ queries: [interview, q.boards(), q.profiles(), candidate], then })} />
    </ClientMessages>
  );
}
