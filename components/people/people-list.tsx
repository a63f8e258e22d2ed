import { useTranslations } from "next-intl";
import Link from "next/link";
import type { PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { hasPermission, seesAllPeople, type Me } from "@/components/me/me";
import type { Role } from "@/components/roles/role";
import type { Tag } from "@/components/tags/use-tags";
import { Avatar } from "@/components/ui/avatar";
import { EmptyState } from "@/components/ui/empty-state";
import { ListPages } from "@/components/ui/list-pages";
import { LoadFailed } from "@/components/ui/load-failed";
import { AddFirstPersonButton, PeopleActions, PeopleSearch } from "./people-list-islands";
import { hasPeopleFilter, peopleExportHref, peopleFiltersQuery, type PeopleFilters } from "./people-list-filters";
import type { Person } from "./person-types";
import { roleNames } from "./role-summary";

/** Rows a page of the list shows; the next ones are a link away. */
export const PEOPLE_PAGE_ROWS = 100;

type Props = {
  me: Me;
  /** Where the list is served (`/people`, or `/` as staff's start page): its links keep to it. */
  basePath: string;
  filters: PeopleFilters;
  people: PageData<Person[]>;
  roles: Role[];
  tags: Tag[];
};

/**
 * The people list, rendered on the server a page at a time from the filters in its address
 * (GET /api/people with `q`, `role`, `tag`, `archived`, `limit` and `cursor`): a district of
 * 10,000 people sends the browser one page of rows, not the whole district. Only the search box
 * and the add and import buttons hydrate. Staff filter the district by role and tag; a mentor's
 * list is their candidates.
 */
export function PeopleList({ me, basePath, filters, people, roles, tags }: Props) {
  const t = useTranslations("people");
  const seesAll = seesAllPeople(me);
  const canEdit = hasPermission(me, "people:edit");
  const copy = seesAll ? "staff" : "mentor";
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const tagById = new Map(tags.map((tag) => [tag.id, tag.name]));
  // Mentors see themselves in the API's list; the page lists the others.
  const rows = people.ok ? people.data.filter((p) => seesAll || p.id !== me.person.id) : [];
  const next = people.ok ? people.next : null;
  const filtering = hasPeopleFilter(filters);
  const pageHref = (after: string) => `${basePath}${peopleFiltersQuery({ ...filters, after })}`;

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{t(`${copy}.title`)}</h1>
          <p>{t(`${copy}.lead`)}</p>
        </div>
        <div className="page-actions">
          <a className="btn" href={peopleExportHref(filters)} download title={t("exportHint")}>
            {t("exportCsv")}
          </a>
          {canEdit && <PeopleActions />}
        </div>
      </div>

      <div className="card">
        <PeopleSearch
          filters={filters}
          roles={seesAll ? roles.map((r) => ({ id: r.id, name: r.name })) : null}
          tags={seesAll ? tags : null}
          summary={!people.ok ? null : next || filters.after ? t("pageOfList", { shown: rows.length }) : t("count", { count: rows.length })}
        >
          {!people.ok ? (
            <LoadFailed title={t("couldNotLoad")} href={basePath} />
          ) : (
            <>
              {rows.length === 0 ? (
                filtering || filters.after ? (
                  <EmptyState title={t("noMatch")}>{filters.archived ? t("noMatchText") : t("noMatchTextArchived")}</EmptyState>
                ) : (
                  <EmptyState title={t(`${copy}.emptyTitle`)} action={canEdit ? <AddFirstPersonButton label={t("addFirst")} /> : undefined}>
                    {canEdit ? t("emptyEditor") : t(`${copy}.empty`)}
                  </EmptyState>
                )
              ) : (
                <ul className="people-list" aria-label={t("listLabel")}>
                  {rows.map((p) => (
                    <PersonRow
                      key={p.id}
                      person={p}
                      roles={roleNames(p.roles, roleById)}
                      tags={p.tags.map((id) => tagById.get(id)).filter((name) => name !== undefined)}
                    />
                  ))}
                </ul>
              )}
              <ListPages
                label={t("pagesLabel")}
                first={filters.after ? { href: pageHref(""), label: t("firstPage") } : null}
                next={next ? { href: pageHref(next), label: t("nextPage") } : null}
              />
            </>
          )}
        </PeopleSearch>
      </div>
    </>
  );
}

function PersonRow({ person: p, roles, tags }: { person: Person; roles: string[]; tags: string[] }) {
  const t = useTranslations("people");
  return (
    <li className="person-row">
      {/* Not prefetched: a person's page is rendered per request, and a phone scrolling a long list would ask for every row's. */}
      <Link href={`/people/${p.id}`} prefetch={false} className="person-link">
        <Avatar first={p.first} last={p.last} />
        <span className="person-name">
          {p.first} {p.last}
          {p.archived ? <span className="badge badge-warning">{t("archived")}</span> : null}
        </span>
        <span className="person-email">{p.email}</span>
        <span className="person-roles">
          {roles.length ? roles.join(", ") : <span className="muted">{t("noRole")}</span>}
          {tags.length > 0 && (
            <span className="chips" style={{ marginTop: 4 }}>
              {tags.map((name) => (
                <span key={name} className="chip">
                  {name}
                </span>
              ))}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}
