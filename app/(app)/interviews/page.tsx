import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { InterviewsListPage } from "@/components/interviews/interviews-list-page";
import { SkeletonRows } from "@/components/ui/states";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("interviews"))("title") };
}

/**
 * The list reads its filters from the query string (useSearchParams), hence the Suspense
 * boundary. A link to this page (the navigation, a board member's start page with its
 * drafts) starts the list afresh with that link's filters: the key is the query it came with.
 * The list's own edits to the query (history.replaceState) never come back here.
 */
export default async function InterviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = apiQueries;
  return (
    <ClientMessages namespaces={["interviews", "ui"]}>
      <Prefetched queries={[q.interviews(), q.people(), q.boards(), q.profiles(), q.forms()]}>
        <Suspense fallback={<SkeletonRows rows={8} />}>
          <InterviewsListPage key={JSON.stringify(await searchParams)} />
        </Suspense>
      </Prefetched>
    </ClientMessages>
  );
}
