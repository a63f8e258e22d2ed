import "server-only";
import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import type { ApiQuery } from "@/components/api/api-queries";
import { prefetchQueries } from "./prefetch-queries";

/**
 * A page whose first paint needs `queries`: their answers come with the HTML, in the
 * browser's query cache before the page renders (app/(app)/_prefetch/prefetch-queries.ts).
 */
export async function Prefetched({ queries, children }: { queries: ApiQuery[]; children: React.ReactNode }) {
  const client = new QueryClient();
  await prefetchQueries(client, queries);
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}
