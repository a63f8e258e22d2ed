"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import type { EventType } from "@/lib/webhooks/event-types.shared";
import type { Endpoint, EndpointWithSecret } from "@/lib/webhooks/schemas";
import { webhookKeys } from "./webhook-keys";

export type { Endpoint, EndpointWithSecret };
export type EndpointInput = { url: string; description: string; event_types: EventType[] };

/** The district's webhook endpoints (GET /api/webhooks), newest first, without their secrets. */
export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => apiFetch<Endpoint[]>("/api/webhooks", { signal }) });
}

/**
 * Creates an endpoint; its secret comes back this once. Each form sent carries an
 * Idempotency-Key, the same one while the same form is sent again (after a lost answer), so a
 * retry cannot create the endpoint twice.
 */
export function useCreateWebhook() {
  const qc = useQueryClient();
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (input: EndpointInput) => {
      const body = JSON.stringify(input);
      if (last.current?.body !== body) last.current = { body, key: crypto.randomUUID() };
      return apiFetch<EndpointWithSecret>("/api/webhooks", { method: "POST", body: input, headers: { "Idempotency-Key": last.current.key } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** Changes the fields given: URL, description, event types, or enabled. */
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<EndpointInput> & { id: string; enabled?: boolean }) =>
      apiFetch<Endpoint>(`/api/webhooks/${encodeURIComponent(id)}`, { method: "PATCH", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

/** Deletes the endpoint with its delivery log. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/webhooks/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** A new signing secret, returned once; the previous one keeps signing beside it for 24 hours. */
export function useRotateWebhookSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<EndpointWithSecret>(`/api/webhooks/${encodeURIComponent(id)}/rotate`, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
