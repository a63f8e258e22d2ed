import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ApiQuery } from "@/components/api/api-queries";
import { prefetchQueries } from "./prefetch-queries";

type Props = {
  queries: ApiQuery[];
  /** Queries that need an answer of the first ones (an interview's form), asked once those are in. */
  then?: (client: QueryClient) => ApiQuery[];
  /** Answers the page already loaded on the server (loadForPage), put in the cache as they are. */
  seeded?: [ApiQuery, unknown][];
  children: React.ReactNode;
};

/**
 * A page whose first paint needs `queries`: their answers come with the HTML, in the
 * browser's query cache before the page renders (app/(app)/_prefetch/prefetch-queries.ts).
 */
export async function Prefetched({ queries, then, seeded = [], children }: Props) {
  const client = new QueryClient();
  for (const [query, data] of seeded) client.setQueryData(query.queryKey, data);
  await prefetchQueries(client, queries);
  if (then) await prefetchQueries(client, then(client));
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
