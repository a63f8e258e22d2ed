import "server-only";
import { loadForPage } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import { MentorHome } from "@/components/home/mentor-home";
import type { InterviewSummary } from "@/components/interviews/interview-types";
import type { Me } from "@/components/me/me";
import type { Person } from "@/components/people/person-types";
import { RefreshOnReturn } from "@/components/ui/refresh-on-return";
import type { Board } from "@/lib/boards/schemas";

/**
 * A mentor's start page at `/`, rendered on the server from the same API answers their browser
 * would get (loadForPage): nothing of it is hydrated. It is loaded again when the mentor comes
 * back to the tab (components/ui/refresh-on-return.tsx).
 */
export async function MentorStart({ me }: { me: Me }) {
  const q = apiQueries;
  const [people, interviews, boards] = await Promise.all([
    loadForPage<Person[]>(q.people()),
    loadForPage<InterviewSummary[]>(q.interviews()),
    loadForPage<Board[]>(q.boards()),
  ]);
  return (
    <>
      <RefreshOnReturn />
      <MentorHome
        myId={me.person.id}
        data={{ people: people.ok ? people.data : null, interviews: interviews.ok ? interviews.data : [], boards: boards.ok ? boards.data : [] }}
      />
    </>
  );
}
