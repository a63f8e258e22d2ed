export type Scope = "read:people" | "write:people" | "read:interviews" | "write:interviews" | "audit";
export type ApiKey = {
  id: string;
  name: string;
  hint: string;
  scopes: Scope[];
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  rotated_at: number | null;
  /** Earlier secrets still working during their grace period, newest first. */
  previous_secrets: { hint: string; created_at: number; last_used_at: number | null; expires_at: number }[];
};
export type NewApiKey = ApiKey & { key: string };

/** The scopes a key can hold, in the order they are offered; described by the keys messages (`scopes.<scope>`). */
export const SCOPES: Scope[] = ["read:people", "write:people", "read:interviews", "write:interviews", "audit"];

/** Scopes only an administrator (an admin-kind role) gives a key: the audit trail is theirs to read. */
export const ADMIN_SCOPES: readonly Scope[] = ["audit"];
