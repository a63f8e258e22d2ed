"use client";

import { apiQueries } from "@/components/api/api-queries";
import { crudHooks } from "@/components/api/crud-hooks";
import type { Role } from "./role";
import { roleKeys } from "./role-keys";

const roles = crudHooks<Role, never>({ path: "/api/roles", list: apiQueries.roles, invalidates: [roleKeys.all], staleTime: 60_000 });

/** The district's roles, for the pages that offer them (boards, a new interview); the roles page itself is rendered on the server. */
export const useRoles = roles.useList;
