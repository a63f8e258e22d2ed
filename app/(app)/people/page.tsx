import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { audienceOf } from "@/components/me/audience";
import { PeopleListPage } from "@/components/people/people-list-page";
import { pageMe } from "@/lib/pages/page-me";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people"))("title") };
}

/** Staff's district list, a mentor's candidates; a candidate's own record is on their start page. */
export default async function PeoplePage() {
  const me = await pageMe();
  if (me && audienceOf(me) === "candidate") redirect("/");
  return (
    <ClientMessages namespaces={["languages", "people", "peopleImport", "ui"]}>
      <Prefetched queries={[apiQueries.people(), apiQueries.roles(), apiQueries.tags()]}>
        <PeopleListPage />
      </Prefetched>
    </ClientMessages>
  );
}
