import type { QueryClient } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { PersonPage } from "@/components/people/person-page";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("people"))("personTitle") };
}

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const q = apiQueries;
  // The mentors to choose from and the assigned ones (useMentorChoices), never the whole list.
  const assigned = (client: QueryClient) => {
    const mentors = client.getQueryData<{ mentors?: string[] }>(q.person(id).queryKey)?.mentors ?? [];
    return mentors.length ? [q.peopleNamed(mentors)] : [];
  };
  return (
    <ClientMessages namespaces={["interviews", "languages", "people", "retention", "sso", "ui", "uploads"]}>
      <Prefetched queries={[q.person(id), q.roles(), q.tags(), q.peopleOfKind("mentor"), q.boards(), q.profiles()]} then={assigned}>
        <PersonPage id={id} />
      </Prefetched>
    </ClientMessages>
  );
}
