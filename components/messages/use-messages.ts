"use client";

import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries } from "@/components/api/api-queries";
import type { Contact, Conversation, ConversationListItem } from "./chat-types";
import { fetchedState, tracker } from "./chat-sync";
import { messageKeys } from "./message-keys";

/** GET /api/messages: the conversation list (kept live by chat-sync.ts). */
export function useConversations() {
  const queryClient = useQueryClient();
  const { queryKey, path } = apiQueries.conversations();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const list = await apiFetch<ConversationListItem[]>(path, { signal });
      // A list older than events already applied to it is fetched again.
      if (list.map((c) => tracker.fetched(c.id, c.seq)).some(Boolean)) {
        setTimeout(() => void queryClient.invalidateQueries({ queryKey }), 0);
      }
      return list;
    },
    staleTime: 60_000,
  });
}

export function useContacts(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.contacts(),
    queryFn: ({ signal }) => apiFetch<Contact[]>("/api/messages/contacts", { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * The newest page, merged with the older messages already loaded (so a refetch keeps what the
 * reader scrolled back to), unless new messages left a hole between them.
 */
async function fetchConversation(queryClient: QueryClient, id: string, signal?: AbortSignal): Promise<Conversation> {
  const { queryKey, path } = apiQueries.conversation(id);
  const fresh = await apiFetch<Conversation>(path, { signal });
  fetchedState(queryClient, id, fresh.seq);
  const cached = queryClient.getQueryData<Conversation>(queryKey);
  if (!cached?.messages.length || !fresh.messages.length) return fresh;
  const firstFresh = fresh.messages[0].seq;
  const overlaps = !fresh.has_more || cached.messages.some((m) => m.seq >= firstFresh);
  if (!overlaps) return fresh;
  const older = cached.messages.filter((m) => m.seq < firstFresh);
  return { ...fresh, messages: [...older, ...fresh.messages], has_more: older.length ? cached.has_more : fresh.has_more };
}

/** GET /api/messages/:id (marks it read), with older messages loaded on demand. */
export function useConversation(id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = apiQueries.conversation(id);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchConversation(queryClient, id, signal),
    staleTime: 5 * 60_000,
    retry: (count, error) => count < 2 && !(error as { status?: number }).status,
  });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadOlder = useCallback(async () => {
    const { queryKey, path } = apiQueries.conversation(id);
    const current = queryClient.getQueryData<Conversation>(queryKey);
    if (!current?.has_more || !current.messages.length || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const older = await apiFetch<Conversation>(path, { query: { before: current.messages[0].id } });
      queryClient.setQueryData<Conversation>(queryKey, (now) => {
        if (!now) return now;
        const known = new Set(now.messages.map((m) => m.id));
        return { ...now, messages: [...older.messages.filter((m) => !known.has(m.id)), ...now.messages], has_more: older.has_more };
      });
    } finally {
      setLoadingOlder(false);
    }
  }, [queryClient, id, loadingOlder]);
  return { ...query, loadOlder, loadingOlder };
}
