import type { QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { dehydratedQueries } from "@/app/(app)/_prefetch/dehydrated-queries";
import { CandidateInterview } from "@/app/(app)/_reader/candidate-interview";
import { apiQueries } from "@/components/api/api-queries";
import { InterviewPageEntry } from "@/components/interviews/interview-page-entry";
import { audienceOf } from "@/components/me/audience";
import { hasPermission, seesAllPeople } from "@/components/me/me";
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
  // The candidate's details only for staff, as the page asks for them; the form once the interview names it.
  const staffDetail = me?.sees_all_interviews && seesAllPeople(me) ? [q.person(personId)] : [];
  const form = (client: QueryClient) => {
    const formId = client.getQueryData<{ form_id?: string | null }>(interview.queryKey)?.form_id;
    return formId ? [q.form(formId)] : [];
  };
  return (
    <ClientMessages namespaces={["audio", "calendar", "interviews", "scorecards", "ui", "uploads"]}>
      <InterviewPageEntry
        personId={personId}
        id={id}
        state={await dehydratedQueries({ queries: [interview, q.boards(), q.profiles(), q.people(), ...staffDetail], then: form })}
      />
    </ClientMessages>
  );
}
