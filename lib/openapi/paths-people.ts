import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import {
  createPersonSchema,
  getPersonQuery,
  INCLUDES,
  listPeopleQuery,
  MAX_LISTED_IDS,
  personDetailSchema,
  personFileSchema,
  personListItemSchema,
  personSchema,
  updatePersonSchema,
} from "@/lib/people/schemas";
import {
  exportPeopleQuery,
  importJobSchema,
  importPeopleQuery,
  importReportSchema,
  LIST_SEPARATOR,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  MAX_SYNC_IMPORT_BYTES,
  MAX_SYNC_IMPORT_ROWS,
  PEOPLE_CSV_COLUMNS,
} from "@/lib/people/csv-schemas";
import type { Endpoints } from "./operation";
import { PAGING, pagingHeaders, pagingQueryDocs } from "./paging";

const id = { id: "The person's id." };

const PEOPLE_VISIBILITY =
  "Who sees whom: admins, board members, people editors, settings holders and API keys see the whole district; " +
  "a mentor sees themself and their assigned candidates; everyone else sees only themself. Anyone else is 404.";

const ROLE_GRANTS =
  "Nobody acts above their own rights: granting or removing a role, and changing a person's `email` or `archived` state, needs every " +
  "permission and admin/board role kind that the person (and the role) carries (403 otherwise). An API key holds none of them: with " +
  "`write:people` it manages people without privileges, not administrators or board members. The district's last active " +
  "administrator cannot be archived or demoted (409).";

/** Fields of the multipart upload (streamed by lib/http/multipart.ts: one file part, at most 16 text fields of 16 KB). */
const personUploadForm = z.object({
  file: z.file().describe("The file (not empty)."),
  name: z.string().optional().describe("Display name; the file's own name when absent or blank. Control characters are removed, at most 200 characters."),
});

const personPhotoForm = z.object({
  file: z.file().describe("A PNG, JPEG, WebP or GIF image of at most 5 MB."),
});

/** The import's multipart form (read by lib/people/read-import-file.ts). */
const peopleImportForm = z.object({ file: z.file().describe(`The CSV file (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB).`) });

const COLUMNS = PEOPLE_CSV_COLUMNS.map((c) => `\`${c}\``).join(", ");
const CSV_FORMAT =
  `Columns: ${COLUMNS} (the people page's columns plus the language). \`primary_role\` holds one role, \`other_roles\` and \`tags\` hold several separated by \`${LIST_SEPARATOR}\`, each by name (case-insensitively) or by id; ` +
  "`archived` is 0 or 1. Cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) are exported with a leading `'`, which an import takes away again.";

export const peopleEndpoints = {
  listPeople: {
    method: "GET",
    path: "/api/people",
    scope: "read:people",
    query: listPeopleQuery,
    tag: "People",
    summary: "List people",
    description:
      `Active people of the district, sorted by last name, then first name. ${PEOPLE_VISIBILITY} ` +
      "Callers who see the whole district get an `ETag`; send it back in `If-None-Match` and the answer is `304 Not Modified` (no body) until any person of the district changes. " +
      PAGING,
    queryDocs: {
      archived: { description: "`true` (or `1`) includes archived people; by default only active people are listed.", example: "true" },
      ids: {
        description: `Comma-separated person ids (1 to ${MAX_LISTED_IDS}): only these people, those of them the caller may see. Ids the caller may not see, or that do not exist, are left out (never an error); the answer carries no \`ETag\`.`,
        example: "cm1a2b3c4d5e6f7g8h9i0j1k,cm9z8y7x6w5v4u3t2s1r0q9p",
      },
      role_kind: {
        description:
          "Only people holding a role of this kind (`admin`, `board`, `mentor`, `candidate` or `other`), as primary or other role: the mentors to choose from, say. The answer carries no `ETag`.",
        example: "mentor",
      },
      role: {
        description:
          "Only people holding this role (a role id), as primary or secondary. A role of no district of the caller's is 404. The answer carries no `ETag`.",
      },
      tag: { description: "Only people carrying this tag (a tag id). A tag of no district of the caller's is 404. The answer carries no `ETag`." },
      q: {
        description: "Only people whose first name, last name or e-mail contains every word (accents and case ignored). The answer carries no `ETag`.",
        example: "ana garcia",
      },
      ...pagingQueryDocs,
    },
    response: { description: "The people (or a page of them), each with `avatar_url: null`.", schema: z.array(personListItemSchema), headers: pagingHeaders },
  },
  createPerson: {
    method: "POST",
    path: "/api/people",
    scope: "write:people",
    permission: "people:edit",
    body: createPersonSchema,
    status: 201,
    tag: "People",
    summary: "Create a person",
    description: `\`language\` defaults to \`en\`, \`roles\` to \`{}\`, \`tags\` to \`[]\`. Role and tag ids must be the district's own (400 otherwise). ${ROLE_GRANTS}`,
    response: { description: "The new person (without `avatar_url`).", schema: personSchema },
    errors: {
      400: "The body is not valid, or names role or tag ids the district does not have.",
      403: "Also when the caller may not grant one of the roles sent.",
      409: "`conflict`: a person with this e-mail address already exists in the district.",
    },
  },
  exportPeopleCsv: {
    method: "GET",
    path: "/api/people.csv",
    scope: "read:people",
    query: exportPeopleQuery,
    tag: "People",
    summary: "Export people as CSV",
    description:
      `The people of GET /api/people, filtered like the people page, as a CSV download (UTF-8 with a BOM, comma-delimited, CRLF line ends, a header row). ${CSV_FORMAT} ` +
      `Streamed in batches of 1,000, so a district of 50,000 people uses little memory. ${PEOPLE_VISIBILITY}`,
    queryDocs: {
      archived: { description: "`true` (or `1`) includes archived people; by default only active people.", example: "true" },
      role: { description: "Only people holding this role (a role id), as primary or secondary." },
      tag: { description: "Only people carrying this tag (a tag id)." },
      q: { description: "Only people whose first name, last name or e-mail contains every word (accents and case ignored).", example: "ana garcia" },
    },
    response: {
      description: "The CSV file.",
      binary: true,
      contentType: "text/csv",
      headers: { "Content-Disposition": '`attachment; filename="people.csv"`.', "Cache-Control": "`private, no-store`." },
    },
    errors: { 404: "`not_found`: `role` or `tag` names a role or tag the district does not have." },
  },
  importPeople: {
    method: "POST",
    path: "/api/people/import",
    scope: "write:people",
    permission: "people:edit",
    query: importPeopleQuery,
    tag: "People",
    summary: "Import people from CSV",
    description:
      "Creates and updates people from a CSV file: UTF-8 with or without a BOM, comma- or semicolon-delimited (detected from the header row), a header row naming the columns in any order " +
      `(\`first\`, \`last\` and \`email\` required; a missing optional column leaves that field as it is). ${CSV_FORMAT} ` +
      "Each row is matched to a person of the district by e-mail (case-insensitively): a new address creates a person, a known one updates that person. " +
      "Rows are checked as POST and PATCH /api/people check them (fields, role and tag references, who may grant which role or archive whom, the last active administrator). " +
      "With `dry_run=true` nothing is written and the report says, per row, what would be created, updated, left unchanged or refused, and why. " +
      "Without it every row is applied in one transaction, or nothing: if any row is refused the answer is 400 with each problem in `details` (path `rows.<row>.<column>`). " +
      `Send the file as the body (\`Content-Type: text/csv\`) or as the \`file\` field of a multipart/form-data upload. At most ${MAX_IMPORT_ROWS.toLocaleString("en")} people rows and ${MAX_IMPORT_BYTES / 1024 / 1024} MB (413 beyond). ` +
      `A file of at most ${MAX_SYNC_IMPORT_ROWS.toLocaleString("en")} rows and ${MAX_SYNC_IMPORT_BYTES / 1024 / 1024} MB is answered within the request (200, the report, or the error). ` +
      "A larger one, or any sent with `Prefer: respond-async`, runs as a job: the answer is 202 with the import's status resource (also at `Location`), which `GET /api/people/import/jobs/{id}` follows until it is `done` (with the same report) or `failed` (with the error this request would have answered). Still one transaction: all rows or none. " +
      "The people it creates, updates and archives send `person.created`, `person.updated` and `person.archived` webhooks, in the import's transaction.",
    queryDocs: { dry_run: { description: "`true` (or `1`): report only, write nothing.", example: "true" } },
    multipart: peopleImportForm,
    rawBody: { contentType: "text/csv", description: "The CSV file itself." },
    response: { description: "The report: per row, what was (or, in a dry run, would be) done.", schema: importReportSchema },
    otherResponses: {
      202: {
        description: "A large file (or `Prefer: respond-async`): the import is queued as a job; follow `status_url` (the `Location` header).",
        schema: importJobSchema,
      },
    },
    errors: {
      400: "`validation_error`: the file is not UTF-8 (the line is named), not valid CSV, lacks a required column or names an unknown one, has no people; or (without `dry_run`) a row is refused: `details` lists every problem.",
      409: "`conflict`: someone added a person with one of the file's e-mail addresses while the import ran.",
      413: `\`payload_too_large\`: more than ${MAX_IMPORT_ROWS.toLocaleString("en")} people rows, or a file over ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`,
      415: "`unsupported_media_type`: neither `text/csv` nor `multipart/form-data`.",
    },
  },
  getPeopleImport: {
    method: "GET",
    path: "/api/people/import/jobs/{id}",
    scope: "write:people",
    permission: "people:edit",
    tag: "People",
    summary: "Follow an import run as a job",
    description:
      "An import that `POST /api/people/import` queued (202): its state (`queued`, `running`, `done`, `failed`), how many rows are done of how many, then its report or its error. Poll it (every second or two) until `done` or `failed`. Kept 7 days.",
    pathParams: { id: "The import's id (from the 202's `id` or `status_url`)." },
    response: { description: "The import.", schema: importJobSchema },
    errors: { 404: "`not_found`: no import of the district has this id (or it is older than 7 days)." },
  },
  getPerson: {
    method: "GET",
    path: "/api/people/{id}",
    scope: "read:people",
    query: getPersonQuery,
    checksSessionItself: true,
    tag: "People",
    summary: "Get a person",
    description: `The person with \`avatar_url\` and \`mentors\`, plus what \`include\` asks for. ${PEOPLE_VISIBILITY}`,
    pathParams: id,
    queryDocs: {
      include: {
        description: `Comma-separated extras, from: ${INCLUDES.map((i) => `\`${i}\``).join(", ")}. \`files\` adds \`files\`, \`interviews\` adds \`interviews\` (those the caller may see), \`tags\` adds \`tag_details\` (the tags with their names), \`photo_url\` adds \`photo_url\`. Anything else is a 400.`,
        example: "files,interviews,tags,photo_url",
      },
    },
    response: { description: "The person.", schema: personDetailSchema },
    errors: { 400: "`include` names an unknown extra (path `query.include`)." },
  },
  updatePerson: {
    method: "PATCH",
    path: "/api/people/{id}",
    scope: "write:people",
    permission: "people:edit",
    body: updatePersonSchema,
    tag: "People",
    summary: "Update a person",
    description: `Only the fields sent change. \`roles\`, \`tags\` and \`mentors\` replace the current values. \`archived: 1\` (or \`true\`) archives the person and signs them out everywhere; \`0\` restores them. ${ROLE_GRANTS}`,
    pathParams: id,
    response: { description: "The updated person, in the single-person shape (no includes).", schema: personDetailSchema },
    errors: {
      400: "The body is not valid, names unknown role, tag or mentor ids, or makes the person their own mentor.",
      403: "Also when the change needs rights the caller does not hold: a role granted or removed, or the e-mail or archived state of a person holding more than the caller.",
      409: "`conflict`: another person of the district has this e-mail address, or the change would leave the district without an active administrator.",
    },
  },
  deletePerson: {
    method: "DELETE",
    path: "/api/people/{id}",
    scope: "write:people",
    permission: "people:edit",
    tag: "People",
    summary: "Delete a person",
    description:
      "Permanently deletes the person and everything that belongs to them: files, photo, interviews with their attachments and recordings, mentor links and sessions. " +
      "Their chat messages stay, shown as from a deleted person. Needs every permission and admin/board role kind the person holds (an API key holds none).",
    pathParams: id,
    response: { description: "Deleted.", schema: okSchema },
    errors: {
      403: "Also when the person holds rights the caller does not (an administrator, for a people editor or an API key).",
      409: "`conflict`: the person is the district's last active administrator.",
    },
  },
  invitePerson: {
    method: "POST",
    path: "/api/people/{id}/invite",
    scope: "write:people",
    permission: "people:edit",
    tag: "People",
    summary: "Send a sign-in invitation",
    description: "E-mails the person a sign-in link for the district. No request body.",
    pathParams: id,
    response: { description: "The invitation was sent.", schema: okSchema },
    errors: { 409: "`conflict`: the person is archived; restore them first." },
  },
  setPersonPhoto: {
    method: "PUT",
    path: "/api/people/{id}/photo",
    scope: "write:people",
    permission: "people:edit",
    tag: "People",
    summary: "Set a person's photo",
    description: "Replaces the person's photo. `avatar_url` then serves it instead of the initials picture.",
    pathParams: id,
    multipart: personPhotoForm,
    response: { description: "The person, in the single-person shape with `photo_url`.", schema: personDetailSchema },
    errors: {
      413: "`payload_too_large`: the body exceeds the upload limit, or the photo is larger than 5 MB.",
      415: "`unsupported_media_type`: not multipart/form-data, or the file is not a PNG, JPEG, WebP or GIF image.",
    },
  },
  deletePersonPhoto: {
    method: "DELETE",
    path: "/api/people/{id}/photo",
    scope: "write:people",
    permission: "people:edit",
    tag: "People",
    summary: "Remove a person's photo",
    description: "`avatar_url` falls back to the initials picture. Succeeds also when there is no photo.",
    pathParams: id,
    response: { description: "Removed.", schema: okSchema },
  },
  listPersonFiles: {
    method: "GET",
    path: "/api/people/{id}/uploads",
    scope: "read:people",
    tag: "Person files",
    summary: "List a person's files",
    description: `The files uploaded for the person, oldest first. ${PEOPLE_VISIBILITY}`,
    pathParams: id,
    response: { description: "The files.", schema: z.array(personFileSchema) },
  },
  uploadPersonFile: {
    method: "POST",
    path: "/api/people/{id}/uploads",
    scope: "write:people",
    permission: "people:edit",
    status: 201,
    tag: "Person files",
    summary: "Upload a file for a person",
    description: "Stores the file under the district's storage; fetch it from its `url` with the same Authorization.",
    pathParams: id,
    multipart: personUploadForm,
    response: { description: "The stored file.", schema: personFileSchema },
    errors: { 400: "`validation_error`: no `file` part, an empty file, a malformed or interrupted multipart body, or more than 16 text fields." },
  },
  deletePersonFile: {
    method: "DELETE",
    path: "/api/people/{id}/uploads/{uploadId}",
    scope: "write:people",
    permission: "people:edit",
    tag: "Person files",
    summary: "Delete a person's file",
    pathParams: { ...id, uploadId: "The file's id." },
    response: { description: "Deleted (the record, then the stored bytes).", schema: okSchema },
  },
} satisfies Endpoints;
