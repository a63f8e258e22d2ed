"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";
import { apiQueries, fetchedBy } from "@/components/api/api-queries";
import { boardKeys } from "./board-keys";
import type { Board, UpdateBoardInput as BoardInput } from "@/lib/boards/schemas";

export type { Board } from "@/lib/boards/schemas";

export function useBoards() {
  return useQuery({ ...fetchedBy<Board[]>(apiQueries.boards()), staleTime: 60_000 });
}

export function useSaveBoard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: BoardInput }) =>
      id
        ? apiFetch<Board>(`/api/boards/${encodeURIComponent(id)}`, { method: "PATCH", body: input })
        : apiFetch<Board>("/api/boards", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: boardKeys.all }),
  });
}

export function useDeleteBoard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/boards/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
