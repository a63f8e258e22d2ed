/**
 * The audit trail's vocabulary (table audit_events, written only by the database function
 * audit_append: migration 20261127150000_audit_capture).
 *
 * Columns:
 * - district_id, seq: the row's place in its district's hash chain (1, 2, 3… without gaps).
 * - at: when (UTC, the transaction's clock).
 * - actor_type: "person" | "key" | "system" | "ops" | "database" (ACTOR_TYPES).
 * - actor_id: the person's id (actor_type person), the key's id (key); null otherwise.
 * - actor_name: the person's name or the key's name at the time; null once redacted.
 * - via: "session:<session id>" | "key:<key id>" | "job:<queue>" | "ops:<command>" | null (database).
 * - action: "<record_type>.<verb>" (below).
 * - record_type, record_id: what the event is about; record_id may name a record since deleted.
 * - person_id: the person the record is about (for the person filter), when there is one.
 * - changes: JSON. Row writes: created → { column: value }, updated → { column: { old, new } },
 *   deleted → { column: value }. Private form answers appear by name only:
 *   { responses: { "<field id>": { private: true, label: "<label>" } } }. Texts too long or
 *   too sensitive to copy (a transcript, a summary) appear as { changed: true }. App events carry
 *   their own small objects (e.g. key.use_failed: { reason }). Redacted rows hold
 *   { redacted: true } (lib/audit/redact-audit-details.ts).
 * - request_id: the request (or the request that queued the job) that did it.
 * - hash, detail_digest, redacted_at: the chain (lib/audit/verify-audit-chain.ts).
 */

export const ACTOR_TYPES = ["person", "key", "system", "ops", "database"] as const;
export type AuditActorType = (typeof ACTOR_TYPES)[number];

/** record_type of the tables captured by the row trigger, by table. */
export const RECORD_TYPES = {
  districts: "district",
  people: "person",
  roles: "role",
  tags: "tag",
  mentor_assignments: "mentor_assignment",
  person_files: "person_file",
  api_keys: "key",
  forms: "form",
  boards: "board",
  board_members: "board_member",
  profiles: "profile",
  interviews: "interview",
  interview_files: "interview_file",
  interview_scorecards: "scorecard",
  audio_recordings: "recording",
  conversations: "conversation",
  conversation_participants: "conversation_participant",
  messages: "message",
  webhook_endpoints: "webhook_endpoint",
  notification_preferences: "notification_preference",
} as const;
export type AuditRecordType = (typeof RECORD_TYPES)[keyof typeof RECORD_TYPES] | "session";

/** Row writes: every record type above gets "<record_type>.created" | ".updated" | ".deleted". */
const ROW_VERBS = ["created", "updated", "deleted"] as const;

/** Events the app records itself (not row writes). */
export const APP_ACTIONS = {
  /** A person signed in (a browser sign-in, or a session minted by the ops command). record_type "session". */
  signedIn: "auth.signed_in",
  /**
   * A known key was refused: changes { reason: "revoked" | "expired" | "retired_secret" (an earlier
   * secret past its grace period) }. record_type "key". An unknown key names no district: not recorded.
   */
  keyUseFailed: "key.use_failed",
  /** An interview whose form has private fields was read by someone allowed to see them. */
  interviewPrivateRead: "interview.private_read",
  /** The audio file of a recording was served. record_type "recording". */
  recordingFileRead: "recording.file_read",
  /** A transcript was served (a recording's segments or translation). record_type "recording". */
  transcriptRead: "transcript.read",
  /** A file attached to an interview was served. record_type "interview_file". */
  interviewFileRead: "interview_file.read",
  /** A file attached to a person was served. record_type "person_file". */
  personFileRead: "person_file.read",
  /** A person's data was downloaded as a ZIP (GET /api/people/:id/export). record_type "person". */
  personExported: "person.exported",
  /** A person was erased on request (POST /api/people/:id/erase); their other events are redacted. record_type "person". */
  personErased: "person.erased",
} as const;
export type AuditAppAction = (typeof APP_ACTIONS)[keyof typeof APP_ACTIONS];

/** Every action name, for filters and validation. */
export const AUDIT_ACTIONS: readonly string[] = [
  ...Object.values(RECORD_TYPES).flatMap((type) => ROW_VERBS.map((verb) => `${type}.${verb}`)),
  ...Object.values(APP_ACTIONS),
];

export const AUDIT_RECORD_TYPES: readonly string[] = [...Object.values(RECORD_TYPES), "session"];
