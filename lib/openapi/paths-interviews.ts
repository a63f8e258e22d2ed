import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import {
  createInterviewSchema,
  getInterviewQuery,
  interviewAttachmentSchema,
  interviewSchema,
  interviewSummarySchema,
  listInterviewsQuery,
  updateInterviewSchema,
} from "@/lib/interviews/schemas";
import type { Endpoints } from "./operation";
import { PAGING, pagingHeaders, pagingQueryDocs } from "./paging";

const VISIBILITY =
  "Visibility: admins, board members, interview editors and API keys see every interview of the district; " +
  "a mentor sees the published interviews of their assigned candidates; a candidate sees their own published interviews. " +
  "Any other interview is 404.";

const PRIVATE_FIELDS =
  "Answers to private form fields (`p: 1`) are removed for candidates and mentors, and when staff ask for `view=candidate` or `view=mentor`.";

const SCHEDULE =
  "`starts_at` (milliseconds since the epoch), `duration_minutes` (1 to 1440), `location` (up to 500 characters) and `meeting_url` (http or https) say when and where it is held, beside `date`; `null` clears one. " +
  "Answers show `starts_at_local` in the district's `time_zone`. The candidate and the board's members get a calendar invitation, and an update or a cancellation when it changes (see `PATCH /api/settings/calendar`).";

const ids = { personId: "The candidate's person id.", id: "The interview's id." };

/** Fields read from the multipart form by `uploadInterviewFile` (lib/interviews/interview-files.ts). */
const interviewAttachmentForm = z.object({
  file: z.file().describe("The file (not empty)."),
  field_id: z.string().describe("The id of a `file` field of the interview's form."),
  name: z.string().optional().describe("Display name; the file's own name when absent or blank."),
});

export const interviewEndpoints = {
  listInterviews: {
    method: "GET",
    path: "/api/interviews",
    scope: "read:interviews",
    query: listInterviewsQuery,
    tag: "Interviews",
    summary: "List interviews",
    description:
      `Every interview the caller may see, newest first (by date, then creation), in the list shape. Filters combine with AND. ${VISIBILITY} ` +
      "Without filters, callers who see every interview get an `ETag`; send it back in `If-None-Match` and the answer is `304 Not Modified` (no body) until an interview of the district changes. " +
      PAGING,
    queryDocs: {
      person_id: { description: "Only this candidate's interviews." },
      board_id: { description: "Only interviews conducted by this board; `none`: only those without a board." },
      published: { description: "`1`: only published interviews; `0`: only unpublished ones.", example: "1" },
      from: { description: "Only interviews on or after this date (YYYY-MM-DD).", example: "2026-01-01" },
      to: { description: "Only interviews on or before this date (YYYY-MM-DD).", example: "2026-12-31" },
      q: { description: "Only interviews of candidates whose first or last name contains every word (accents and case ignored).", example: "ana" },
      ...pagingQueryDocs,
    },
    response: {
      description: "The interviews (or a page of them), without `responses` and `audio`.",
      schema: z.array(interviewSummarySchema),
      headers: pagingHeaders,
    },
  },
  listPersonInterviews: {
    method: "GET",
    path: "/api/interviews/{personId}",
    scope: "read:interviews",
    tag: "Interviews",
    summary: "List a person's interviews",
    description: `The person's interviews the caller may see, newest first, in the list shape (possibly \`[]\`). 404 if the caller may not ask about the person. ${VISIBILITY}`,
    pathParams: { personId: ids.personId },
    response: { description: "The interviews, without `responses` and `audio`.", schema: z.array(interviewSummarySchema) },
  },
  createInterview: {
    method: "POST",
    path: "/api/interviews/{personId}",
    scope: "write:interviews",
    permission: "interviews:edit",
    body: createInterviewSchema,
    status: 201,
    tag: "Interviews",
    summary: "Create an interview",
    description:
      "A new, unpublished interview of the person, with `responses: {}` and `audio: {}`. Board, form and profile must be the district's own (400 otherwise); " +
      "a profile without an explicit `form_id` brings its default form. " +
      SCHEDULE,
    pathParams: { personId: ids.personId },
    response: { description: "The new interview, in the full shape.", schema: interviewSchema },
    errors: { 400: "The body is not valid, or `board_id`, `form_id` or `profile_id` is not one of the district's." },
  },
  getInterview: {
    method: "GET",
    path: "/api/interviews/{personId}/{id}",
    scope: "read:interviews",
    query: getInterviewQuery,
    checksSessionItself: true,
    tag: "Interviews",
    summary: "Get an interview",
    description:
      `The full interview with \`responses\` (file answers carry file records with URLs), \`audio\` and the board's decision (\`recommendation\`). ${PRIVATE_FIELDS} ` +
      "`recommendation_tally` is shown only to those who may read every submitted scorecard (admins, API keys, board members who submitted theirs): it tells the members' opinions. " +
      VISIBILITY,
    pathParams: ids,
    queryDocs: {
      view: {
        description:
          "`candidate` or `mentor`: staff preview the interview as that reader gets it (private fields removed). Readers who are not staff always get their own view.",
        example: "candidate",
      },
    },
    response: { description: "The interview.", schema: interviewSchema },
  },
  updateInterview: {
    method: "PATCH",
    path: "/api/interviews/{personId}/{id}",
    scope: "write:interviews",
    permission: "interviews:edit",
    body: updateInterviewSchema,
    tag: "Interviews",
    summary: "Update an interview",
    description:
      "Merges the `responses` sent (only the fields sent change; `null` clears one), publishes (`published: 1`) or takes back (`0`), moves the `date`. " +
      "Each answer is checked against the interview's form: dropdown = 1-based option index, text = multilingual text, checkbox = 0 or 1, " +
      "file = an object keyed by ids of this field's uploaded attachments (attachments left out are deleted). Upload files with `POST …/files`. " +
      "Scorecard fields (`scorecard: 1`) are refused here (400): each board member answers them on their own scorecard. " +
      "`recommendation` (1 strong no, 2 no, 3 yes, 4 strong yes; `null` clears it) sets the board's decision: stored with the tally of the submitted scorecards' recommendations at that moment " +
      "(counted after any submit in progress has committed), who set it and when. " +
      SCHEDULE,
    pathParams: ids,
    response: { description: "The updated interview, in the full shape.", schema: interviewSchema },
    errors: {
      400: "The body is not valid, or some responses do not fit the form or answer scorecard fields (one detail per field, path `responses.<fieldId>`).",
    },
  },
  deleteInterview: {
    method: "DELETE",
    path: "/api/interviews/{personId}/{id}",
    scope: "write:interviews",
    permission: "interviews:edit",
    tag: "Interviews",
    summary: "Delete an interview",
    description:
      "Permanently deletes the interview with its responses, recordings and attachments. Everyone sent a calendar invitation for it gets a `CANCEL`.",
    pathParams: ids,
    response: { description: "Deleted.", schema: okSchema },
  },
  uploadInterviewAttachment: {
    method: "POST",
    path: "/api/interviews/{personId}/{id}/files",
    scope: "write:interviews",
    permission: "interviews:edit",
    status: 201,
    tag: "Interview attachments",
    summary: "Upload an attachment",
    description:
      "Stores a file as (part of) the answer to a `file` field of the interview's form: its record is added to `responses[field_id]` under the returned `id`.",
    pathParams: ids,
    multipart: interviewAttachmentForm,
    response: { description: "The stored attachment.", schema: interviewAttachmentSchema },
    errors: { 400: "`validation_error`: no `file` part, an empty file, a `field_id` that is not a file field of the form, or a malformed multipart body." },
  },
  deleteInterviewAttachment: {
    method: "DELETE",
    path: "/api/interviews/{personId}/{id}/files/{fileId}",
    scope: "write:interviews",
    permission: "interviews:edit",
    tag: "Interview attachments",
    summary: "Delete an attachment",
    description: "Removes the attachment from its field's answer, then its stored bytes.",
    pathParams: { ...ids, fileId: "The attachment's id." },
    response: { description: "Deleted.", schema: okSchema },
  },
} satisfies Endpoints;
