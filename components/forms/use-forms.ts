"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries, fetchedBy } from "@/components/api/api-queries";
import { formKeys } from "./form-keys";
import type { FormInput, InterviewForm } from "./form-types";

/** Every form of the district (candidates and mentors get them without private fields). */
export function useForms() {
  return useQuery({ ...fetchedBy<InterviewForm[]>(apiQueries.forms()), staleTime: 60_000 });
}

export function useForm(id: string | null | undefined) {
  return useQuery({
    ...fetchedBy<InterviewForm>(apiQueries.form(id ?? "")),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** POST without id, PATCH with it. A 409 (fields holding answers) comes back as an ApiError to confirm with `force`. */
export function useSaveForm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: FormInput }) =>
      id
        ? apiFetch<InterviewForm>(`/api/forms/${encodeURIComponent(id)}`, { method: "PATCH", body: input })
        : apiFetch<InterviewForm>("/api/forms", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useDeleteForm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/forms/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: formKeys.all }),
  });
}
