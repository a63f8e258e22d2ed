import "server-only";
import type { Endpoints, OperationSpec } from "./operation";
import { operationSpecs } from "./operation-specs";
import { accountEndpoints } from "./paths-account";
import { audioEndpoints } from "./paths-audio";
import { auditEndpoints } from "./paths-audit";
import { calendarEndpoints } from "./paths-calendar";
import { definitionEndpoints } from "./paths-definitions";
import { fileEndpoints } from "./paths-files";
import { interviewSetupEndpoints } from "./paths-interview-setup";
import { interviewEndpoints } from "./paths-interviews";
import { jobEndpoints } from "./paths-jobs";
import { keyEndpoints } from "./paths-keys";
import { messageEndpoints } from "./paths-messages";
import { peopleEndpoints } from "./paths-people";
import { recordsEndpoints } from "./paths-records";
import { referenceEndpoints } from "./paths-reference";
import { searchEndpoints } from "./paths-search";
import { ssoEndpoints } from "./paths-sso";
import { scorecardEndpoints } from "./paths-scorecards";
import { webhookEndpoints } from "./paths-webhooks";

/** Every endpoint, in the order of the document. */
const ENDPOINTS: readonly Endpoints[] = [
  peopleEndpoints,
  recordsEndpoints,
  interviewEndpoints,
  scorecardEndpoints,
  interviewSetupEndpoints,
  calendarEndpoints,
  audioEndpoints,
  definitionEndpoints,
  messageEndpoints,
  searchEndpoints,
  keyEndpoints,
  jobEndpoints,
  webhookEndpoints,
  auditEndpoints,
  ssoEndpoints,
  accountEndpoints,
  fileEndpoints,
  referenceEndpoints,
];

let operationList: readonly OperationSpec[] | undefined;

/** Every operation of the document, in its order. */
export const documentedOperations = (): readonly OperationSpec[] => (operationList ??= operationSpecs(ENDPOINTS));

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
  {
    name: "Calendar",
    description: "Interviews in everyone's calendar: when the district's iCalendar invitations go out, and each person's private calendar feed.",
  },
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
  {
    name: "Webhooks",
    description:
      "Endpoints that receive the district's events, signed to the Standard Webhooks specification; the delivery log, test events, redelivery and replay (sessions only).",
  },
  {
    name: "Audit",
    description: "The district's audit trail: who changed or read what, when, through what; for administrators and keys with the `audit` scope.",
  },
  { name: "Retention", description: "How long the district keeps recordings, archived people and messages (sessions only)." },
  {
    name: "Jobs",
    description: "The district's durable jobs (the recording pipeline, translations): what failed for good, and running it again (sessions only).",
  },
  {
    name: "Single sign-on",
    description: "Sign-in with the district's own accounts: its OpenID Connect provider (administrators' sessions), and which provider signs in an address.",
  },
  { name: "Session", description: "The signed-in session (sessions only)." },
  { name: "Files", description: "Stored files, served to callers allowed to see their record." },
  { name: "Reference", description: "This document." },
] as const;
