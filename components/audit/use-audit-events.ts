"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import type { AuditEventView, AuditPage } from "@/lib/audit/schemas";
import { auditKeys } from "./audit-keys";

export type AuditEvent = AuditEventView;

/** Events per page of the audit page ("Load more" adds the next). */
const PAGE = 50;

/**
 * The district's audit trail for the filters (GET /api/audit's query), newest first, a page at a
 * time: the next page starts from the cursor of the last, so events written meanwhile never
 * shift the pages already shown.
 */
export function useAuditEvents(query: Record<string, string>, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal, pageParam }) => apiFetch<AuditPage>("/api/audit", { signal, query: { ...query, limit: PAGE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}
