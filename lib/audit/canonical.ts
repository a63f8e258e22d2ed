import { createHash } from "node:crypto";

/*
 * The audit chain's canonical text, as the database makes it (migration
 * 20261127150000_audit_capture: audit_field, audit_digest, audit_append_many): `audit verify`
 * recomputes every hash from the stored columns with these, independently of the functions that
 * wrote them. Change both or neither.
 */

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** One field: '\' and '|' escaped, null as \N. */
const auditField = (value: string | null) => (value === null ? "\\N" : value.replace(/\\/g, "\\\\").replace(/\|/g, "\\|"));

/** The digest of a row's redactable details; `changes` is the jsonb's text as PostgreSQL prints it. */
export const auditDigest = (actorName: string | null, changesText: string | null) => sha256(`${auditField(actorName)}|${auditField(changesText)}`);

/** A row's columns as the chain covers them (`at`: ISO 8601 in UTC, to the millisecond). */
export type ChainedRow = {
  seq: string;
  districtId: string;
  id: string;
  at: string;
  actorType: string;
  actorId: string | null;
  via: string | null;
  action: string;
  recordType: string;
  recordId: string | null;
  personId: string | null;
  requestId: string | null;
  detailDigest: string;
};

function auditContent(r: ChainedRow) {
  const fields = [r.districtId, r.id].map(auditField);
  const rest = [r.actorType, r.actorId, r.via, r.action, r.recordType, r.recordId, r.personId, r.requestId].map(auditField);
  return [r.seq, ...fields, r.at, ...rest, r.detailDigest].join("|");
}

/** The row's hash, after the previous row's ("" before the first). */
export const auditHash = (previous: string, row: ChainedRow) => sha256(`${previous}|${auditContent(row)}`);
