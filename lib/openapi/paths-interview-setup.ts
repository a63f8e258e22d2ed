import { z } from "zod";
import { boardSchema } from "@/lib/boards/schemas";
import { formSchema } from "@/lib/forms/schemas";
import { okSchema } from "@/lib/http/schemas";
import { profileSchema } from "@/lib/profiles/schemas";
import { operations } from "./operation";

// Forms, boards and profiles: what interviews are recorded with. Read with an API key's
// read:interviews scope; changed only in a session holding the settings permission.


export const interviewSetupOperations = operations([
  {
    operationId: "listForms",
    tag: "Forms",
    summary: "List forms",
    description: "The district's interview forms, by name. Candidates and mentors get them without private fields (`p: 1`).",
    response: { description: "The forms.", schema: z.array(formSchema) },
  },
  {
    operationId: "createForm",
    tag: "Forms",
    summary: "Create a form",
    description: "Field ids must be unique within the form; dropdowns need `options`, other types must not have them.",
    response: { description: "The new form.", schema: formSchema },
  },
  {
    operationId: "getForm",
    tag: "Forms",
    summary: "Get a form",
    description: "Candidates and mentors get it without private fields (`p: 1`).",
    pathParams: { id: "The form's id." },
    response: { description: "The form.", schema: formSchema },
  },
  {
    operationId: "updateForm",
    tag: "Forms",
    summary: "Update a form",
    description:
      "Only what is sent changes; `fields` replaces the field list. Dropping a field (or changing its type) that holds answers in some interview is a 409, " +
      "unless `force: true`: then those answers and their attachments are deleted with it.",
    pathParams: { id: "The form's id." },
    response: { description: "The updated form.", schema: formSchema },
    errors: { 409: "`conflict`: fields that hold answers in interviews would be dropped; `details` names them (`fields.<fieldId>`). Send `force: true` to drop them with their answers." },
  },
  {
    operationId: "deleteForm",
    tag: "Forms",
    summary: "Delete a form",
    pathParams: { id: "The form's id." },
    response: { description: "Deleted.", schema: okSchema },
    errors: { 409: "`conflict`: interviews were recorded with this form; it cannot be deleted." },
  },
  {
    operationId: "listBoards",
    tag: "Boards",
    summary: "List boards",
    description: "The district's boards, by name.",
    response: { description: "The boards.", schema: z.array(boardSchema) },
  },
  {
    operationId: "createBoard",
    tag: "Boards",
    summary: "Create a board",
    response: { description: "The new board.", schema: boardSchema },
    errors: { 400: "The body is not valid, or `members` names people the district does not have." },
  },
  {
    operationId: "getBoard",
    tag: "Boards",
    summary: "Get a board",
    pathParams: { id: "The board's id." },
    response: { description: "The board.", schema: boardSchema },
  },
  {
    operationId: "updateBoard",
    tag: "Boards",
    summary: "Update a board",
    description: "Only what is sent changes; `members` replaces the member list.",
    pathParams: { id: "The board's id." },
    response: { description: "The updated board.", schema: boardSchema },
    errors: { 400: "The body is not valid, or `members` names people the district does not have." },
  },
  {
    operationId: "deleteBoard",
    tag: "Boards",
    summary: "Delete a board",
    description: "Interviews held by the board keep their record; their `board_id` becomes null.",
    pathParams: { id: "The board's id." },
    response: { description: "Deleted.", schema: okSchema },
  },
  {
    operationId: "listProfiles",
    tag: "Profiles",
    summary: "List interview profiles",
    description: "The district's interview profiles, by name.",
    response: { description: "The profiles.", schema: z.array(profileSchema) },
  },
  {
    operationId: "createProfile",
    tag: "Profiles",
    summary: "Create an interview profile",
    response: { description: "The new profile.", schema: profileSchema },
    errors: { 400: "The body is not valid, or `form_id` is not one of the district's forms." },
  },
  {
    operationId: "getProfile",
    tag: "Profiles",
    summary: "Get an interview profile",
    pathParams: { id: "The profile's id." },
    response: { description: "The profile.", schema: profileSchema },
  },
  {
    operationId: "updateProfile",
    tag: "Profiles",
    summary: "Update an interview profile",
    description: "Only what is sent changes; `form_id: null` removes the default form.",
    pathParams: { id: "The profile's id." },
    response: { description: "The updated profile.", schema: profileSchema },
    errors: { 400: "The body is not valid, or `form_id` is not one of the district's forms." },
  },
  {
    operationId: "deleteProfile",
    tag: "Profiles",
    summary: "Delete an interview profile",
    description: "Interviews created with the profile keep their record; their `profile_id` becomes null.",
    pathParams: { id: "The profile's id." },
    response: { description: "Deleted.", schema: okSchema },
  },
]);
