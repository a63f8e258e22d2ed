"use client";

import { apiQueries } from "@/components/api/api-queries";
import { crudHooks } from "@/components/api/crud-hooks";
import { peopleKeys } from "@/components/people/people-keys";
import { tagKeys } from "./tag-keys";

export type Tag = { id: string; name: string };

const tags = crudHooks<Tag, { name: string }>({
  path: "/api/tags",
  list: apiQueries.tags,
  invalidates: [tagKeys.all],
  // Deleting a tag takes it off everyone who had it.
  deleteAlsoInvalidates: [peopleKeys.all],
  staleTime: 60_000,
});

export const useTags = tags.useList;
export const useSaveTag = tags.useSave;
export const useDeleteTag = tags.useDelete;
