import type { QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { hasPermission } from "@/components/me/me";
import { pageMe } from "@/lib/pages/page-me";
import { PersonPage } from "@/components/people/person-page";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people"))("personTitle") };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const q = apiQueries;
  const me = await pageMe();
  // The assigned mentors and, for editors, those to choose from (useMentorChoices), never the whole list.
  const choices = hasPermission(me ?? undefined, "people:edit") ? [q.peopleOfKind("mentor")] : [];
  const assigned = (client: QueryClient) => {
    const mentors = client.getQueryData<{ mentors?: string[] }>(q.person(id).queryKey)?.mentors ?? [];
    return mentors.length ? [q.peopleNamed(mentors)] : [];
  };
  return (
    <ClientMessages namespaces={["interviews", "languages", "people", "retention", "sso", "ui", "uploads"]}>
      <Prefetched queries={[q.person(id), q.roles(), q.tags(), ...choices, q.boards(), q.profiles()]} then={assigned}>
        <PersonPage id={id} />
      </Prefetched>
    </ClientMessages>
  );
}
