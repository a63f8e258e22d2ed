import type { ListSource } from "@/lib/list-cache/list-cache";
import { serializePerson, type PersonRow } from "./serialize-person";

const columns = `p.id, p.district_id as "districtId", p.first, p.last, p.email, p.language, p.roles, coalesce(p.tags, '{}') as tags, p.archived, p.created_at as "createdAt"`;

/** The people list of staff, as a shared copy (lib/list-cache/list-cache.ts): last, first, id. */
export const peopleListSource = (archived: boolean): ListSource<PersonRow> => ({
  list: "people",
  variant: archived ? "all" : "active",
  columns,
  filter: (alias) => (archived ? "true" : `${alias}.archived = false`),
  before: "(q.last, q.first, q.id) < (p.last, p.first, p.id)",
  order: "p.last, p.first, p.id",
  serialize: (row) => ({ ...serializePerson(row), avatar_url: null }),
  keyOf: (person: { last: string; first: string; id: string }) => [person.last, person.first, person.id],
  after: ([last, first, id], p) => `(p.last, p.first, p.id) > (${p(String(last))}, ${p(String(first))}, ${p(String(id))})`,
});
