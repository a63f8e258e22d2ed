"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import type { Delivery } from "@/lib/webhooks/schemas";
import { webhookKeys } from "./webhook-keys";

export type { Delivery };

/** Deliveries per page of the log. */
const DELIVERY_PAGE = 20;

const inFlight = (d: Delivery) => d.status === "pending" || d.status === "retrying";

/**
 * An endpoint's delivery log, newest first, a page at a time ("Show older"). While a delivery is
 * still being tried it is read again every few seconds, so its answer shows up by itself.
 */
export function useWebhookDeliveries(endpointId: string) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<Delivery[]>(`/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`, { signal, query: { limit: DELIVERY_PAGE, before: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length === DELIVERY_PAGE ? page[page.length - 1].id : undefined),
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.some(inFlight)) ? 2_000 : 30_000),
  });
}

type Sent = { ok: true; event_id: string; delivery_id: string };
export type Replayed = { ok: true; events: number; next_since: number | null };

/** The actions on the log; each refreshes it. */
export function useDeliveryActions(endpointId: string) {
  const qc = useQueryClient();
  const base = `/api/webhooks/${encodeURIComponent(endpointId)}`;
  const onSuccess = () => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
  const sendTest = useMutation({ mutationFn: () => apiFetch<Sent>(`${base}/test`, { method: "POST" }), onSuccess });
  const redeliver = useMutation({
    mutationFn: (deliveryId: string) => apiFetch<Sent>(`${base}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, { method: "POST" }),
    onSuccess,
  });
  const replay = useMutation({ mutationFn: (since: number) => apiFetch<Replayed>(`${base}/replay`, { method: "POST", body: { since } }), onSuccess });
  return { sendTest, redeliver, replay };
}
