import { fileUrl } from "@/lib/storage/file-names";
import type { Person } from "./schemas";

export type PersonRow = {
  id: string;
  districtId: string;
  first: string;
  last: string;
  email: string;
  language: string;
  roles: unknown;
  tags: string[];
  archived: boolean;
  createdAt: Date;
};

export const personSelect = {
  id: true,
  districtId: true,
  first: true,
  last: true,
  email: true,
  language: true,
  roles: true,
  tags: true,
  archived: true,
  createdAt: true,
} as const;

/** The Person resource, whitelisted field by field so that a new column never leaks. */
export function serializePerson(p: PersonRow) {
  return {
    id: p.id,
    first: p.first,
    last: p.last,
    email: p.email,
    language: p.language,
    roles: (p.roles ?? {}) as Record<string, 1 | 2>,
    tags: p.tags,
    archived: p.archived ? 1 : 0,
    district_id: p.districtId,
    created_at: p.createdAt.getTime(),
  } satisfies Person;
}

/** Always a URL in single results: the uploaded photo, or an initials picture when there is none. */
export const avatarUrl = (origin: string, p: { id: string; districtId: string }) => fileUrl(origin, `${p.districtId}/avatars/${p.id}`);
