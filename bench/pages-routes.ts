/**
 * The pages `npm run bench:pages` measures, each as one of the demo district's people sees it;
 * e2e/page-budgets.spec.ts holds the same pages to their first-load JavaScript budgets.
 */
export type Role = "admin" | "board" | "mentor" | "candidate";
export const EMAIL: Record<Role, string> = { admin: "admin@demo.test", board: "board@demo.test", mentor: "mentor@demo.test", candidate: "candidate@demo.test" };

/** The demo district's records the page paths need. */
export type Ids = { cleo: string; published: string; draft: string; form: string };

export const ROUTES: { path: (ids: Ids) => string; as: Role | null }[] = [
  { path: () => "/sign-in", as: null },
  { path: () => "/", as: "admin" },
  { path: () => "/", as: "board" },
  { path: () => "/", as: "mentor" },
  { path: () => "/", as: "candidate" },
  { path: () => "/people", as: "admin" },
  { path: (ids) => `/people/${ids.cleo}`, as: "admin" },
  { path: () => "/interviews", as: "board" },
  { path: (ids) => `/interviews/${ids.cleo}/${ids.draft}`, as: "board" },
  { path: (ids) => `/interviews/${ids.cleo}/${ids.published}`, as: "candidate" },
  { path: () => "/settings/roles", as: "admin" },
  { path: (ids) => `/settings/forms/${ids.form}`, as: "admin" },
  { path: () => "/settings/keys", as: "admin" },
  { path: () => "/messages", as: "candidate" },
  { path: () => "/no-such-page", as: "candidate" },
];

/** The path as printed, with the demo records' ids as placeholders (":personId", ":id"). */
export const routeLabel = (pathname: string, ids: Ids) =>
  pathname.replaceAll(ids.cleo, ":personId").replace(ids.published, ":id").replace(ids.draft, ":id").replace(ids.form, ":id");

/** The records the paths need, read from the API as `get` fetches it (signed in as the admin). */
export async function demoIds(get: <T>(path: string) => Promise<T>): Promise<Ids> {
  const people = await get<{ id: string; email: string }[]>("/api/people");
  const cleo = people.find((p) => p.email === EMAIL.candidate)!.id;
  const interviews = await get<{ id: string; published: 0 | 1 }[]>(`/api/interviews?person_id=${cleo}`);
  const forms = await get<{ id: string }[]>("/api/forms");
  return { cleo, published: interviews.find((i) => i.published)!.id, draft: interviews.find((i) => !i.published)!.id, form: forms[0].id };
}
