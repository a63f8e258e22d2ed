import "server-only";
import { QueryBoundary } from "@/components/api/query-boundary";
import { dehydratedQueries, type PrefetchPlan } from "./dehydrated-queries";

/**
 * A page whose first paint needs `queries`: their answers come with the HTML, in the
 * browser's query cache before the page renders (app/(app)/_prefetch/dehydrated-queries.ts), inside
 * the API's data layer (components/api/query-boundary.tsx).
 */
export async function Prefetched({ children, ...plan }: PrefetchPlan & { children: React.ReactNode }) {
  return <QueryBoundary state={await dehydratedQueries(plan)}>{children}</QueryBoundary>;
}
