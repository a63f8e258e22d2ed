"use client";

import { apiQueries } from "@/components/api/api-queries";
import { crudHooks } from "@/components/api/crud-hooks";
import { boardKeys } from "./board-keys";
import type { Board, UpdateBoardInput as BoardInput } from "@/lib/boards/schemas";

export type { Board } from "@/lib/boards/schemas";

const boards = crudHooks<Board, BoardInput>({ path: "/api/boards", list: apiQueries.boards, invalidates: [boardKeys.all], staleTime: 60_000 });

export const useBoards = boards.useList;
export const useSaveBoard = boards.useSave;
export const useDeleteBoard = boards.useDelete;
