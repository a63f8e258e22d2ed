import "server-only";
import { loadForPage, type PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import { CandidateHome } from "@/components/home/candidate-home";
import { RefreshOnReturn } from "@/components/ui/refresh-on-return";
import type { Interview, InterviewSummary } from "@/components/interviews/interview-types";
import type { Me } from "@/components/me/me";
import type { ConversationListItem } from "@/components/messages/chat-types";
import type { PersonDetail } from "@/components/people/person-types";
import type { Board } from "@/lib/boards/schemas";

const dataOf = <T,>(loaded: PageData<T>): T | null => (loaded.ok ? loaded.data : null);

/**
 * A candidate's start page at `/`, rendered on the server from the same API answers their
 * browser would get (app/(app)/_prefetch/prefetch-queries.ts, loadForPage): nothing of it is
 * hydrated, so a phone's main thread has only the frame's islands to run. It is loaded again when
 * the candidate comes back to the tab (components/ui/refresh-on-return.tsx).
 */
export async function CandidateStart({ me }: { me: Me }) {
  const q = apiQueries;
  const [interviews, person, boards, conversations] = await Promise.all([
    loadForPage<InterviewSummary[]>(q.interviews()),
    loadForPage<PersonDetail>(q.person(me.person.id)),
    loadForPage<Board[]>(q.boards()),
    loadForPage<ConversationListItem[]>(q.conversations()),
  ]);
  // The recordings are listed from each interview's details (a candidate has a few interviews).
  const details = interviews.ok ? await Promise.all(interviews.data.map((i) => loadForPage<Interview>(q.interview(me.person.id, i.id)))) : [];
  return (
    <>
      <RefreshOnReturn />
      <CandidateHome
        me={me}
        data={{
          interviews: dataOf(interviews),
          person: dataOf(person),
          boards: dataOf(boards) ?? [],
          conversations: dataOf(conversations) ?? [],
          details: details.flatMap((d) => (d.ok ? [d.data] : [])),
        }}
      />
    </>
  );
}
