import "server-only";
import { joinDeclarations } from "./join-declarations";
import type { OperationDocs, OperationSpec } from "./operation";
import { accountOperations } from "./paths-account";
import { audioOperations } from "./paths-audio";
import { auditOperations } from "./paths-audit";
import { definitionOperations } from "./paths-definitions";
import { fileOperations } from "./paths-files";
import { interviewSetupOperations } from "./paths-interview-setup";
import { interviewOperations } from "./paths-interviews";
import { jobOperations } from "./paths-jobs";
import { keyOperations } from "./paths-keys";
import { messageOperations } from "./paths-messages";
import { peopleOperations } from "./paths-people";
import { recordsOperations } from "./paths-records";
import { referenceOperations } from "./paths-reference";
import { searchOperations } from "./paths-search";
import { scorecardOperations } from "./paths-scorecards";
import { webhookOperations } from "./paths-webhooks";
import { ROUTE_INDEX } from "./route-index";

/** The words of every operation, in the order of the document. */
const OPERATION_DOCS: readonly OperationDocs[] = [
  ...peopleOperations,
  ...recordsOperations,
  ...interviewOperations,
  ...scorecardOperations,
  ...interviewSetupOperations,
  ...audioOperations,
  ...definitionOperations,
  ...messageOperations,
  ...searchOperations,
  ...keyOperations,
  ...jobOperations,
  ...webhookOperations,
  ...auditOperations,
  ...accountOperations,
  ...fileOperations,
  ...referenceOperations,
];

let operationList: readonly OperationSpec[] | undefined;

/**
 * Every operation of the document, in its order. Built on first use, not on import: the
 * route modules it reads import the document in turn (/api/openapi.json, /api/reference).
 */
export const documentedOperations = (): readonly OperationSpec[] => (operationList ??= joinDeclarations(ROUTE_INDEX, OPERATION_DOCS));

/** The operation for a method and an OpenAPI path template, e.g. ("get", "/api/people/{id}"). */
export function findOperation(method: string, path: string): OperationSpec | undefined {
  return documentedOperations().find((op) => op.method === method.toLowerCase() && op.path === path);
}

/** Tags in the order of the document, with their descriptions. */
export const TAGS = [
  { name: "People", description: "The members of the district: candidates, mentors, board members, administrators." },
  { name: "Person files", description: "Files uploaded for a person." },
  { name: "Interviews", description: "A candidate's board interviews: form answers, recordings, attachments, publication." },
  { name: "Interview attachments", description: "Files answering the `file` fields of an interview's form." },
  { name: "Scorecards", description: "Each board member's own scorecard of an interview, blind until submitted." },
  { name: "Audio", description: "Recording an interview in chunks, combining them into its seekable recording, transcript, summary and their translations." },
  { name: "Forms", description: "Interview forms: ordered fields, some private to staff." },
  { name: "Boards", description: "Boards that conduct interviews." },
  { name: "Profiles", description: "Kinds of interview, each with a default form." },
  { name: "Roles", description: "Roles people hold: a kind and permissions." },
  { name: "Tags", description: "Labels put on people." },
  { name: "Messages", description: "Conversations between the district's people, each reader's messages in their own language (sessions only)." },
  { name: "Search", description: "One search over people, interviews, recordings and transcripts, messages and file names, within what the caller may read." },
  { name: "Realtime", description: "Live events over the Pusher Channels protocol: connection settings and private channel authorization (sessions only)." },
  { name: "API keys", description: "Keys for programmatic access (sessions only)." },
  { name: "Webhooks", description: "Endpoints that receive the district's events, signed to the Standard Webhooks specification; the delivery log, test events, redelivery and replay (sessions only)." },
  { name: "Audit", description: "The district's audit trail: who changed or read what, when, through what; for administrators and keys with the `audit` scope." },
  { name: "Retention", description: "How long the district keeps recordings, archived people and messages (sessions only)." },
  { name: "Jobs", description: "The district's durable jobs (the recording pipeline, translations): what failed for good, and running it again (sessions only)." },
  { name: "Session", description: "The signed-in session (sessions only)." },
  { name: "Files", description: "Stored files, served to callers allowed to see their record." },
  { name: "Reference", description: "This document." },
] as const;
