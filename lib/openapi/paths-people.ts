import { z } from "zod";
import { okSchema } from "@/lib/http/schemas";
import {
  createPersonSchema,
  getPersonQuery,
  INCLUDES,
  listPeopleQuery,
  personDetailSchema,
  personFileSchema,
  personListItemSchema,
  personSchema,
  updatePersonSchema,
} from "@/lib/people/schemas";
import { operations } from "./operation";
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
export const personUploadForm = z.object({
  file: z.file().describe("The file (not empty)."),
  name: z.string().optional().describe("Display name; the file's own name when absent or blank. Control characters are removed, at most 200 characters."),
});

export const personPhotoForm = z.object({
  file: z.file().describe("A PNG, JPEG, WebP or GIF image of at most 5 MB."),
});

export const peopleOperations = operations([
  {
    method: "get",
    path: "/api/people",
    operationId: "listPeople",
    tag: "People",
    summary: "List people",
    description:
      `Active people of the district, sorted by last name, then first name. ${PEOPLE_VISIBILITY} ` +
      "Callers who see the whole district get an `ETag`; send it back in `If-None-Match` and the answer is `304 Not Modified` (no body) until any person of the district changes. " +
      PAGING,
    access: { auth: "any", scope: "read:people" },
    query: listPeopleQuery,
    queryDocs: {
      archived: { description: "`true` (or `1`) includes archived people; by default only active people are listed.", example: "true" },
      ...pagingQueryDocs,
    },
    response: { status: 200, description: "The people (or a page of them), each with `avatar_url: null`.", schema: z.array(personListItemSchema), headers: pagingHeaders },
  },
  {
    method: "post",
    path: "/api/people",
    operationId: "createPerson",
    tag: "People",
    summary: "Create a person",
    description: `\`language\` defaults to \`en\`, \`roles\` to \`{}\`, \`tags\` to \`[]\`. Role and tag ids must be the district's own (400 otherwise). ${ROLE_GRANTS}`,
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    body: createPersonSchema,
    response: { status: 201, description: "The new person (without `avatar_url`).", schema: personSchema },
    errors: {
      400: "The body is not valid, or names role or tag ids the district does not have.",
      403: "Also when the caller may not grant one of the roles sent.",
      409: "`conflict`: a person with this e-mail address already exists in the district.",
    },
  },
  {
    method: "get",
    path: "/api/people/{id}",
    operationId: "getPerson",
    tag: "People",
    summary: "Get a person",
    description: `The person with \`avatar_url\` and \`mentors\`, plus what \`include\` asks for. ${PEOPLE_VISIBILITY}`,
    access: { auth: "any", scope: "read:people" },
    pathParams: id,
    query: getPersonQuery,
    queryDocs: {
      include: {
        description: `Comma-separated extras, from: ${INCLUDES.map((i) => `\`${i}\``).join(", ")}. \`files\` adds \`files\`, \`interviews\` adds \`interviews\` (those the caller may see), \`tags\` adds \`tag_details\` (the tags with their names), \`photo_url\` adds \`photo_url\`. Anything else is a 400.`,
        example: "files,interviews,tags,photo_url",
      },
    },
    response: { status: 200, description: "The person.", schema: personDetailSchema },
    errors: { 400: "`include` names an unknown extra (path `query.include`)." },
  },
  {
    method: "patch",
    path: "/api/people/{id}",
    operationId: "updatePerson",
    tag: "People",
    summary: "Update a person",
    description:
      `Only the fields sent change. \`roles\`, \`tags\` and \`mentors\` replace the current values. \`archived: 1\` (or \`true\`) archives the person and signs them out everywhere; \`0\` restores them. ${ROLE_GRANTS}`,
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: id,
    body: updatePersonSchema,
    response: { status: 200, description: "The updated person, in the single-person shape (no includes).", schema: personDetailSchema },
    errors: {
      400: "The body is not valid, names unknown role, tag or mentor ids, or makes the person their own mentor.",
      403: "Also when the change needs rights the caller does not hold: a role granted or removed, or the e-mail or archived state of a person holding more than the caller.",
      409: "`conflict`: another person of the district has this e-mail address, or the change would leave the district without an active administrator.",
    },
  },
  {
    method: "delete",
    path: "/api/people/{id}",
    operationId: "deletePerson",
    tag: "People",
    summary: "Delete a person",
    description:
      "Permanently deletes the person and everything that belongs to them: files, photo, interviews with their attachments and recordings, mentor links and sessions. " +
      "Their chat messages stay, shown as from a deleted person. Needs every permission and admin/board role kind the person holds (an API key holds none).",
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: id,
    response: { status: 200, description: "Deleted.", schema: okSchema },
    errors: {
      403: "Also when the person holds rights the caller does not (an administrator, for a people editor or an API key).",
      409: "`conflict`: the person is the district's last active administrator.",
    },
  },
  {
    method: "post",
    path: "/api/people/{id}/invite",
    operationId: "invitePerson",
    tag: "People",
    summary: "Send a sign-in invitation",
    description: "E-mails the person a sign-in link for the district. No request body.",
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: id,
    response: { status: 200, description: "The invitation was sent.", schema: okSchema },
    errors: { 409: "`conflict`: the person is archived; restore them first." },
  },
  {
    method: "put",
    path: "/api/people/{id}/photo",
    operationId: "setPersonPhoto",
    tag: "People",
    summary: "Set a person's photo",
    description: "Replaces the person's photo. `avatar_url` then serves it instead of the initials picture.",
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: id,
    multipart: personPhotoForm,
    response: { status: 200, description: "The person, in the single-person shape with `photo_url`.", schema: personDetailSchema },
    errors: {
      413: "`payload_too_large`: the body exceeds the upload limit, or the photo is larger than 5 MB.",
      415: "`unsupported_media_type`: not multipart/form-data, or the file is not a PNG, JPEG, WebP or GIF image.",
    },
  },
  {
    method: "delete",
    path: "/api/people/{id}/photo",
    operationId: "deletePersonPhoto",
    tag: "People",
    summary: "Remove a person's photo",
    description: "`avatar_url` falls back to the initials picture. Succeeds also when there is no photo.",
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: id,
    response: { status: 200, description: "Removed.", schema: okSchema },
  },
  {
    method: "get",
    path: "/api/people/{id}/uploads",
    operationId: "listPersonFiles",
    tag: "Person files",
    summary: "List a person's files",
    description: `The files uploaded for the person, oldest first. ${PEOPLE_VISIBILITY}`,
    access: { auth: "any", scope: "read:people" },
    pathParams: id,
    response: { status: 200, description: "The files.", schema: z.array(personFileSchema) },
  },
  {
    method: "post",
    path: "/api/people/{id}/uploads",
    operationId: "uploadPersonFile",
    tag: "Person files",
    summary: "Upload a file for a person",
    description: "Stores the file under the district's storage; fetch it from its `url` with the same Authorization.",
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: id,
    multipart: personUploadForm,
    response: { status: 201, description: "The stored file.", schema: personFileSchema },
    errors: { 400: "`validation_error`: no `file` part, an empty file, a malformed or interrupted multipart body, or more than 16 text fields." },
  },
  {
    method: "delete",
    path: "/api/people/{id}/uploads/{uploadId}",
    operationId: "deletePersonFile",
    tag: "Person files",
    summary: "Delete a person's file",
    access: { auth: "any", scope: "write:people", permission: "people:edit" },
    pathParams: { ...id, uploadId: "The file's id." },
    response: { status: 200, description: "Deleted (the record, then the stored bytes).", schema: okSchema },
  },
]);
