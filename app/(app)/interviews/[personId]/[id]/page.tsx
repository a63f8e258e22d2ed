import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { prefetchQueries } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import { InterviewPage } from "@/components/interviews/interview-page";
import { seesAllPeople } from "@/components/me/me";
import { pageMe } from "@/lib/pages/page-me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("interviews"))("interviewTitle") };
}

export default async function Page({ params }: { params: Promise<{ personId: string; id: string }> }) {
  const { personId, id } = await params;
  const me = await pageMe();
  // What the page's first paint waits for comes with the HTML (app/(app)/_prefetch/prefetch-queries.ts):
  // the interview, then its form; the candidate's details only for staff, as the page asks.
  const client = new QueryClient();
  const interview = apiQueries.interview(personId, id);
  const staffDetail = me?.sees_all_interviews && seesAllPeople(me) ? [apiQueries.person(personId)] : [];
  await prefetchQueries(client, [interview, apiQueries.boards(), apiQueries.profiles(), apiQueries.people(), ...staffDetail]);
  const formId = client.getQueryData<{ form_id?: string | null }>(interview.queryKey)?.form_id;
  if (formId) await prefetchQueries(client, [apiQueries.form(formId)]);
  return (
    <HydrationBoundary state={dehydrate(client)}>
      <InterviewPage personId={personId} id={id} />
    </HydrationBoundary>
  );
}
