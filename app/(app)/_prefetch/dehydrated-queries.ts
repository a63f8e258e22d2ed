import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { ApiQuery } from "@/components/api/api-queries";
import { prefetchQueries } from "./prefetch-queries";

export type PrefetchPlan = {
  queries: ApiQuery[];
  /** Queries that need an answer of the first ones (an interview's form), asked once those are in. */
  then?: (client: QueryClient) => ApiQuery[];
  /** Answers the page already loaded on the server (loadForPage), put in the cache as they are. */
  seeded?: [ApiQuery, unknown][];
};

/**
 * The browser's query cache as a page's first paint needs it: the answers to the plan's queries
 * (app/(app)/_prefetch/prefetch-queries.ts), for a HydrationBoundary to put in the cache before
 * the page renders. A plain function, so a page can hand it to a client component that loads
 * react-query only for the readers who get that part (components/api/lazy-query-boundary.tsx).
 */
export async function dehydratedQueries({ queries, then, seeded = [] }: PrefetchPlan): Promise<DehydratedState> {
  const client = new QueryClient();
  for (const [query, data] of seeded) client.setQueryData(query.queryKey, data);
  await prefetchQueries(client, queries);
  if (then) await prefetchQueries(client, then(client));
  return dehydrate(client);
}
