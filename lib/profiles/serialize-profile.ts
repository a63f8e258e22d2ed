import type { Profile } from "./schemas";

export const profileSelect = { id: true, name: true, formId: true, createdAt: true } as const;
type ProfileRow = { id: string; name: string; formId: string | null; createdAt: Date };

export const serializeProfile = (p: ProfileRow) => ({ id: p.id, name: p.name, form_id: p.formId, created_at: p.createdAt.getTime() }) satisfies Profile;
