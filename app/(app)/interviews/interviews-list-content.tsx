import "server-only";
import { loadForPage, type PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import { interviewFiltersOf, type InterviewFilters } from "@/components/interviews/interview-list-filters";
import type { InterviewSummary } from "@/components/interviews/interview-types";
import { INTERVIEWS_PAGE_ROWS, InterviewsList } from "@/components/interviews/interviews-list";
import type { Me } from "@/components/me/me";
import type { Person } from "@/components/people/person-types";
import { fullName } from "@/components/ui/format";
import { RefreshOnReturn } from "@/components/ui/refresh-on-return";
import { firstParam, type SearchParams } from "@/components/ui/search-params";

type Named = { id: string; name: string };
type Props = { me: Me; searchParams: SearchParams; defaults?: Partial<InterviewFilters> };

/**
 * The interviews list (`/interviews`, and a board member's start page at `/` with `defaults`:
 * the drafts), from the API's answers as the reader's browser would get them: a page of
 * interviews for the address's filters, their candidates' names by id, and the boards, profiles
 * and forms they name. Loaded again when the reader comes back to the tab. Its client parts read
 * the messages of `interviews` and `ui`.
 */
export async function InterviewsListContent({ me, searchParams, defaults }: Props) {
  const filters = interviewFiltersOf(searchParams, defaults);
  const q = apiQueries;
  const [interviews, boards, profiles, forms] = await Promise.all([
    loadForPage<InterviewSummary[]>(q.interviewsPage(filters, INTERVIEWS_PAGE_ROWS)),
    loadForPage<Named[]>(q.boards()),
    loadForPage<Named[]>(q.profiles()),
    loadForPage<Named[]>(q.forms()),
  ]);
  const others = [...new Set(interviews.ok ? interviews.data.map((i) => i.person_id) : [])].filter((id) => id !== me.person.id);
  const named = others.length ? await loadForPage<Person[]>(q.peopleNamed(others)) : null;
  const names = new Map([[me.person.id, fullName(me.person)], ...(named?.ok ? named.data.map((p) => [p.id, fullName(p)] as const) : [])]);
  const listOf = (loaded: PageData<Named[]>) => (loaded.ok ? loaded.data.map(({ id, name }) => ({ id, name })) : []);
  return (
    <>
      <RefreshOnReturn />
      <InterviewsList
        me={me}
        filters={filters}
        interviews={interviews}
        names={names}
        boards={listOf(boards)}
        profiles={listOf(profiles)}
        forms={listOf(forms)}
        newFor={firstParam(searchParams.new) || null}
      />
    </>
  );
}
