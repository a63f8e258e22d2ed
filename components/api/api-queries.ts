import { apiFetch } from "@/components/api/api-fetch";
import { boardKeys } from "@/components/boards/board-keys";
import { formKeys } from "@/components/forms/form-keys";
import { interviewKeys } from "@/components/interviews/interview-keys";
import { interviewsApiQuery, type InterviewFilters } from "@/components/interviews/interview-list-filters";
import { messageKeys } from "@/components/messages/message-keys";
import { apiKeyKeys } from "@/components/keys/api-key-keys";
import { idList, peopleKeys } from "@/components/people/people-keys";
import type { PeopleFilters } from "@/components/people/people-list-filters";
import { profileKeys } from "@/components/profiles/profile-keys";
import { roleKeys } from "@/components/roles/role-keys";
import { tagKeys } from "@/components/tags/tag-keys";

/**
 * A query of the API as the pages make it: its cache key and its address. The hooks fetch
 * these in the browser; a signed-in page rendered on the server fetches the ones its first
 * paint needs before it is sent (app/(app)/_prefetch/prefetch-queries.ts), so one definition keeps both
 * on the same key and the same answer. `all`: a list the API pages, fetched page after page
 * (apiFetchAll).
 */
export type ApiQuery = { queryKey: readonly unknown[]; path: string; query?: Record<string, string>; all?: true };

const enc = encodeURIComponent;

/** What a person's page shows of them: files, interviews, tags and the photo's address. */
const PERSON_INCLUDE = "files,interviews,tags,photo_url";

export const apiQueries = {
  /** Everyone the caller may see, archived people included (filtered in memory by the pages). */
  people: (): ApiQuery => ({ queryKey: peopleKeys.list(), path: "/api/people", query: { archived: "true" }, all: true }),
  /**
   * A few people by id, archived ones included, those of them the caller may see: what a page
   * names (an interview's candidate, mentors and board) without the whole district's list.
   */
  peopleNamed: (ids: readonly string[]): ApiQuery => ({
    queryKey: peopleKeys.named(ids),
    path: "/api/people",
    query: { archived: "true", ids: idList(ids) },
  }),
  /** Everyone the caller may see who holds a role of this kind, archived people included: a person's page's mentors to choose from. */
  peopleOfKind: (kind: "mentor"): ApiQuery => ({
    queryKey: peopleKeys.ofKind(kind),
    path: "/api/people",
    query: { archived: "true", role_kind: kind },
    all: true,
  }),
  /** One page of the people list as its page shows it: filtered (people-list-filters.ts), `limit` at a time from `after`. */
  peoplePage: (f: PeopleFilters, limit: number): ApiQuery => ({
    queryKey: [...peopleKeys.all, "page", f, limit],
    path: "/api/people",
    query: {
      limit: String(limit),
      ...(f.archived && { archived: "true" }),
      ...(f.role && { role: f.role }),
      ...(f.tag && { tag: f.tag }),
      ...(f.q.trim() && { q: f.q.trim() }),
      ...(f.after && { cursor: f.after }),
    },
  }),
  person: (id: string): ApiQuery => ({ queryKey: peopleKeys.detail(id), path: `/api/people/${enc(id)}`, query: { include: PERSON_INCLUDE } }),
  /** Every interview the caller may see, in the list shape (filtered in memory by the pages). */
  interviews: (): ApiQuery => ({ queryKey: interviewKeys.list(), path: "/api/interviews", all: true }),
  /** One page of the interviews list as its page shows it: filtered (interview-list-filters.ts), `limit` at a time. */
  interviewsPage: (f: InterviewFilters, limit: number): ApiQuery => ({
    queryKey: [...interviewKeys.list(), "page", f, limit],
    path: "/api/interviews",
    query: { limit: String(limit), ...interviewsApiQuery(f) },
  }),
  interview: (personId: string, id: string): ApiQuery => ({
    queryKey: interviewKeys.detail(personId, id),
    path: `/api/interviews/${enc(personId)}/${enc(id)}`,
  }),
  forms: (): ApiQuery => ({ queryKey: formKeys.list(), path: "/api/forms" }),
  form: (id: string): ApiQuery => ({ queryKey: formKeys.detail(id), path: `/api/forms/${enc(id)}` }),
  roles: (): ApiQuery => ({ queryKey: roleKeys.list(), path: "/api/roles" }),
  tags: (): ApiQuery => ({ queryKey: tagKeys.list(), path: "/api/tags" }),
  boards: (): ApiQuery => ({ queryKey: boardKeys.list(), path: "/api/boards" }),
  profiles: (): ApiQuery => ({ queryKey: profileKeys.list(), path: "/api/profiles" }),
  apiKeys: (): ApiQuery => ({ queryKey: apiKeyKeys.list(), path: "/api/keys" }),
  /** The caller's conversations (kept live by components/messages/chat-sync.ts from then on). */
  conversations: (): ApiQuery => ({ queryKey: messageKeys.list(), path: "/api/messages" }),
  /** A conversation's newest messages; reading them marks it read, as opening it in the browser does. */
  conversation: (id: string): ApiQuery => ({ queryKey: messageKeys.conversation(id), path: `/api/messages/${enc(id)}` }),
};

/** The browser's half of a query that is one request (the paged lists use apiFetchAll): its key, and that request. */
export function fetchedBy<T>(query: ApiQuery) {
  return { queryKey: query.queryKey, queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<T>(query.path, { query: query.query, signal }) };
}
