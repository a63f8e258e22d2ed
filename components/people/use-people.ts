"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiFetch, apiFetchAll } from "@/components/api/api-fetch";
import { apiQueries, fetchedBy, type ApiQuery } from "@/components/api/api-queries";
import { peopleKeys } from "./people-keys";
import type { Person, PersonDetail, PersonInput } from "./person-types";

/**
 * Everyone the caller may see, archived people included (filtered in memory): one request up to
 * 10,000 people, then pages, the list shown from the first page on.
 */
export function usePeople() {
  return usePeopleList(apiQueries.people());
}

function usePeopleList({ queryKey, path, query }: ApiQuery, enabled = true) {
  const qc = useQueryClient();
  return useQuery({
    queryKey,
    enabled,
    queryFn: ({ signal }) => apiFetchAll<Person>(path, { query, signal, onPage: (rows) => qc.setQueryData(queryKey, rows) }),
  });
}

/**
 * The mentors already assigned (who may hold a mentor role no longer) and, for an editor
 * (`choosing`), whoever holds one to choose from, without the district's whole list.
 */
export function useMentorChoices(assigned: readonly string[], choosing: boolean) {
  const holders = usePeopleList(apiQueries.peopleOfKind("mentor"), choosing);
  const named = usePeopleNamed(assigned);
  return useMemo(() => [...new Map([...named.byId, ...(holders.data ?? []).map((p) => [p.id, p] as const)]).values()], [holders.data, named.byId]);
}

/**
 * A few people by id (GET /api/people?ids=), as a map; nothing is asked while `ids` is empty.
 * Pages that name a handful of people use it rather than the whole list. When the ids change (a
 * member's scorecard arrives), the names already known stay shown while the new set loads.
 */
export function usePeopleNamed(ids: readonly string[]) {
  const named = useQuery({ ...fetchedBy<Person[]>(apiQueries.peopleNamed(ids)), enabled: ids.length > 0, placeholderData: keepPreviousData });
  const byId = useMemo(() => new Map((named.data ?? []).map((p) => [p.id, p])), [named.data]);
  return { byId, loading: ids.length > 0 && (named.isPending || named.isPlaceholderData) };
}

/** One person with every include; `enabled: false` when the caller may not see them anyway. */
export function usePerson(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...fetchedBy<PersonDetail>(apiQueries.person(id)), enabled });
}

export function useCreatePerson() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonInput) => apiFetch<Person>("/api/people", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.list() }),
  });
}

export function useUpdatePerson(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonInput) => apiFetch<PersonDetail>(`/api/people/${encodeURIComponent(id)}`, { method: "PATCH", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

export function useDeletePerson(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/people/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: peopleKeys.detail(id) });
      // The list, and the few named ones (peopleKeys.named) that may name them.
      return qc.invalidateQueries({ queryKey: peopleKeys.list() });
    },
  });
}

export function useInvitePerson(id: string) {
  return useMutation({ mutationFn: () => apiFetch(`/api/people/${encodeURIComponent(id)}/invite`, { method: "POST" }) });
}
