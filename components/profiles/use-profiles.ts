"use client";

import { apiQueries } from "@/components/api/api-queries";
import { crudHooks } from "@/components/api/crud-hooks";
import { profileKeys } from "./profile-keys";
import type { Profile, UpdateProfileInput as ProfileInput } from "@/lib/profiles/schemas";

/** An interview profile: a kind of interview, with the form its interviews start with. */
export type { Profile } from "@/lib/profiles/schemas";

const profiles = crudHooks<Profile, ProfileInput>({ path: "/api/profiles", list: apiQueries.profiles, invalidates: [profileKeys.all], staleTime: 60_000 });

export const useProfiles = profiles.useList;
export const useSaveProfile = profiles.useSave;
export const useDeleteProfile = profiles.useDelete;
