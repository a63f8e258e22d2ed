import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { ClientMessages } from "@/components/i18n/client-messages";
import { audienceOf } from "@/components/me/audience";
import type { SearchParams } from "@/components/ui/search-params";
import { pageMe } from "@/lib/pages/page-me";
import { PeopleListContent } from "./people-list-content";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people"))("title") };
}

/** Staff's district list, a mentor's candidates; a candidate's own record is on their start page. */
export default async function PeoplePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await pageMe();
  if (!me) return null; // the layout sends the visitor to the sign-in page
  if (audienceOf(me) === "candidate") redirect("/");
  return (
    <ClientMessages namespaces={["languages", "people", "peopleImport", "ui"]}>
      <PeopleListContent me={me} basePath="/people" searchParams={await searchParams} />
    </ClientMessages>
  );
}
