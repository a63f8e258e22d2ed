import "server-only";
import { loadForPage } from "@/app/(app)/_prefetch/prefetch-queries";
import { apiQueries } from "@/components/api/api-queries";
import { seesAllPeople, type Me } from "@/components/me/me";
import { PEOPLE_PAGE_ROWS, PeopleList } from "@/components/people/people-list";
import { peopleFiltersOf } from "@/components/people/people-list-filters";
import type { Person } from "@/components/people/person-types";
import type { Role } from "@/components/roles/role";
import type { Tag } from "@/components/tags/use-tags";
import { RefreshOnReturn } from "@/components/ui/refresh-on-return";
import type { SearchParams } from "@/components/ui/search-params";

type Props = { me: Me; basePath: string; searchParams: SearchParams };

/**
 * The people list (`/people`, and staff's start page at `/`), from the API's answers as the
 * reader's browser would get them: a page of people for the address's filters, and the roles
 * and tags to filter by and to name. Loaded again when the reader comes back to the tab. Its
 * client parts read the messages of `languages`, `people`, `peopleImport` and `ui`.
 */
export async function PeopleListContent({ me, basePath, searchParams }: Props) {
  const filters = peopleFiltersOf(searchParams);
  const q = apiQueries;
  const seesAll = seesAllPeople(me);
  const [people, roles, tags] = await Promise.all([
    loadForPage<Person[]>(q.peoplePage(filters, PEOPLE_PAGE_ROWS)),
    seesAll ? loadForPage<Role[]>(q.roles()) : null,
    seesAll ? loadForPage<Tag[]>(q.tags()) : null,
  ]);
  return (
    <>
      <RefreshOnReturn />
      <PeopleList me={me} basePath={basePath} filters={filters} people={people} roles={roles?.ok ? roles.data : []} tags={tags?.ok ? tags.data : []} />
    </>
  );
}
