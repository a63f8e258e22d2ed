"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/api/api-fetch";

export type Permission = "people:edit" | "interviews:edit" | "settings";
export type RoleKind = "admin" | "board" | "mentor" | "candidate" | "other";

/** GET /api/me: the signed-in person and what they may do. */
export type Me = {
  person: {
    id: string;
    first: string;
    last: string;
    email: string;
    language: string;
    roles: Record<string, 1 | 2>;
    tags: string[];
    archived: 0 | 1;
    avatar_url: string | null;
    mentors?: string[];
    district_id: string;
  };
  district: { id: string; name: string };
  kinds: RoleKind[];
  permissions: Permission[];
  /** Admin or board kind. */
  staff: boolean;
  sees_all_interviews: boolean;
};

export const meKeys = {
  all: ["me"] as const,
};

/**
 * The signed-in person, cached for the whole app. A 401 surfaces as `error.status === 401`
 * (the app shell then sends the browser to /sign-in).
 */
export function useMe() {
  return useQuery({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => apiFetch<Me>("/api/me", { signal }),
    staleTime: 60_000,
  });
}

export const hasPermission = (me: Me | undefined, permission: Permission) => Boolean(me?.permissions.includes(permission));

/** Whether the person sees every person of the district (same rule as lib/auth/context seesAllPeople). */
export const seesAllPeople = (me: Me | undefined) =>
  Boolean(me && (me.staff || me.permissions.includes("people:edit") || me.permissions.includes("settings")));
