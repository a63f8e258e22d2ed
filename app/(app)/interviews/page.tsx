import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { InterviewsListPage } from "@/components/interviews/interviews-list-page";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("interviews"))("title") };
}

/**
 * The list reads its filters from the query string (useSearchParams). No Suspense boundary around
 * it, though a static page would need one: this page is rendered for each request, and React
 * (19.2) sends a boundary whose HTML passes 12.8 KB hidden, revealed by a script, so a long list
 * read without JavaScript showed its skeleton only. A link to this page (the navigation, a board
 * member's start page with its drafts) starts the list afresh with that link's filters: the key
 * is the query it came with. The list's own edits to the query (history.replaceState) never come
 * back here.
 */
export default async function InterviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = apiQueries;
  return (
    <ClientMessages namespaces={["interviews", "ui"]}>
      <Prefetched queries={[q.interviews(), q.people(), q.boards(), q.profiles(), q.forms()]}>
        <InterviewsListPage key={JSON.stringify(await searchParams)} />
      </Prefetched>
    </ClientMessages>
  );
}
