import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CandidateStart } from "@/app/(app)/_reader/candidate-start";
import { MentorStart } from "@/app/(app)/_reader/mentor-start";
import { audienceOf, staffStartList } from "@/components/me/audience";
import type { Me } from "@/components/me/me";
import { ClientMessages } from "@/components/i18n/client-messages";
import type { SearchParams } from "@/components/ui/search-params";
import { pageMe } from "@/lib/pages/page-me";
import { InterviewsListContent } from "./interviews/interviews-list-content";
import { PeopleListContent } from "./people/people-list-content";

/**
 * Staff get their start page here, as it is at /people or /interviews?status=draft, rather than
 * a redirect to it: a redirect's round trip costs about 0.6 s on a phone's network.
 */
const staffStart = (me: Me | null) => (me && audienceOf(me) === "staff" ? staffStartList(me) : null);

export async function generateMetadata(): Promise<Metadata> {
  const start = staffStart(await pageMe());
  if (start === "people") return { title: (await getTranslations("people"))("title") };
  if (start) return { title: (await getTranslations("interviews"))("title") };
  return { title: (await getTranslations("home"))("title") };
}

/** `/`: where each person's work is: staff's own list, and mentors and candidates their own start page. */
export default async function Home({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await pageMe();
  if (!me) return null; // the layout sends the visitor to the sign-in page
  const start = staffStart(me);
  // Every start page is rendered on the server, with the messages of its own client components
  // only, and none brings react-query to the browser.
  if (start === "people")
    return (
      <ClientMessages namespaces={["languages", "people", "peopleImport", "ui"]}>
        <PeopleListContent me={me} basePath="/" searchParams={await searchParams} />
      </ClientMessages>
    );
  if (start)
    return (
      <ClientMessages namespaces={["interviews", "ui"]}>
        <InterviewsListContent me={me} searchParams={await searchParams} defaults={{ status: "draft" }} />
      </ClientMessages>
    );
  // A mentor's and a candidate's are rendered on the server alone: no client component reads messages.
  if (audienceOf(me) === "mentor")
    return (
      <ClientMessages namespaces={[]}>
        <MentorStart me={me} />
      </ClientMessages>
    );
  return (
    <ClientMessages namespaces={[]}>
      <CandidateStart me={me} />
    </ClientMessages>
  );
}
