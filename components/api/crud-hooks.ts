"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { fetchedBy, type ApiQuery } from "@/components/api/api-queries";

type CrudOptions = {
  /** The collection's address: POST creates there, PATCH and DELETE go to `<path>/<id>`. */
  path: string;
  /** The list query (apiQueries), shared with the server-side prefetch. */
  list: () => ApiQuery;
  /** Keys invalidated after every change (the list's own, and any other list the change touches). */
  invalidates: readonly (readonly unknown[])[];
  /** Keys a delete invalidates besides (a deleted tag is taken off everyone who had it). */
  deleteAlsoInvalidates?: readonly (readonly unknown[])[];
  /** How long the list is fresh; React Query's default (0) when left out. */
  staleTime?: number;
};

/**
 * The hooks of a settings collection (boards, profiles, roles, tags, keys): its list, a save that
 * creates (no id) or changes (an id), a create alone, and a delete, each change invalidating
 * `invalidates`. `Created`: what a creation answers when it is more than the item (a key's secret).
 */
export function crudHooks<T, Input, Created = T>({ path, list, invalidates, deleteAlsoInvalidates = [], staleTime }: CrudOptions) {
  const item = (id: string) => `${path}/${encodeURIComponent(id)}`;

  function useInvalidate(keys = invalidates) {
    const qc = useQueryClient();
    return () => Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
  }

  function useList() {
    return useQuery({ ...fetchedBy<T[]>(list()), ...(staleTime === undefined ? {} : { staleTime }) });
  }

  function useSave() {
    const invalidate = useInvalidate();
    return useMutation({
      mutationFn: ({ id, input }: { id?: string; input: Input }) =>
        id ? apiFetch<T>(item(id), { method: "PATCH", body: input }) : apiFetch<T>(path, { method: "POST", body: input }),
      onSuccess: invalidate,
    });
  }

  function useCreate() {
    const invalidate = useInvalidate();
    return useMutation({ mutationFn: (input: Input) => apiFetch<Created>(path, { method: "POST", body: input }), onSuccess: invalidate });
  }

  function useDelete() {
    const invalidate = useInvalidate([...invalidates, ...deleteAlsoInvalidates]);
    return useMutation({ mutationFn: (id: string) => apiFetch(item(id), { method: "DELETE" }), onSuccess: invalidate });
  }

  return { useList, useSave, useCreate, useDelete, useInvalidate };
}
