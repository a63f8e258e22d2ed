import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import type { SearchParams } from "@/components/ui/search-params";
import { pageMe } from "@/lib/pages/page-me";
import { InterviewsListContent } from "./interviews-list-content";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("interviews"))("title") };
}

/** Every interview the reader may see, filtered by the address's query (`q`, `board`, `status`, `from`, `to`), 100 a page. */
export default async function InterviewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await pageMe();
  if (!me) return null; // the layout sends the visitor to the sign-in page
  return (
    <ClientMessages namespaces={["interviews", "ui"]}>
      <InterviewsListContent me={me} searchParams={await searchParams} />
    </ClientMessages>
  );
}
