"use client";

import { ErrorState, Skeleton } from "@/components/ui/states";

type Query = { isPending: boolean; isError: boolean; error: unknown; data: unknown; refetch: () => unknown };

/**
 * A settings card's body for what it loads: a skeleton while loading, the error with a retry,
 * `empty` when the caller says there is nothing to show (`false` otherwise), then `children`
 * with the data. One place for the states every settings card has.
 */
export function QueryStates<Q extends Query>({
  query,
  lines = 4,
  errorTitle,
  empty,
  children,
}: {
  query: Q;
  /** The skeleton's lines, about as many as the loaded card shows. */
  lines?: number;
  errorTitle?: string;
  empty?: React.ReactNode;
  children: (data: NonNullable<Q["data"]>) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="card-body">
        <Skeleton lines={lines} />
      </div>
    );
  }
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} title={errorTitle} />;
  if (empty) return empty;
  return children(query.data as NonNullable<Q["data"]>);
}
