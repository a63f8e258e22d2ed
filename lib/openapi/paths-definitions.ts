import { z } from "zod";
import { roleSchema, tagSchema } from "@/lib/definitions/schemas";
import { okSchema } from "@/lib/http/schemas";
import { operations } from "./operation";

// Roles and tags: what people are given. Read with an API key's read:people scope; changed
// only in a session holding the settings permission.


export const definitionOperations = operations([
  {
    operationId: "listRoles",
    tag: "Roles",
    summary: "List roles",
    description: "The district's roles, oldest first. A new district starts with one role of each kind.",
    response: { description: "The roles.", schema: z.array(roleSchema) },
  },
  {
    operationId: "createRole",
    tag: "Roles",
    summary: "Create a role",
    description: "`permissions` defaults to `[]`.",
    response: { description: "The new role.", schema: roleSchema },
  },
  {
    operationId: "updateRole",
    tag: "Roles",
    summary: "Update a role",
    description: "Only the fields sent change (`permissions` is not reset when absent).",
    pathParams: { id: "The role's id." },
    response: { description: "The updated role.", schema: roleSchema },
  },
  {
    operationId: "deleteRole",
    tag: "Roles",
    summary: "Delete a role",
    pathParams: { id: "The role's id." },
    response: { description: "Deleted.", schema: okSchema },
    errors: { 409: "`conflict`: people still hold the role; remove it from them first." },
  },
  {
    operationId: "listTags",
    tag: "Tags",
    summary: "List tags",
    description: "The district's tags, by name.",
    response: { description: "The tags.", schema: z.array(tagSchema) },
  },
  {
    operationId: "createTag",
    tag: "Tags",
    summary: "Create a tag",
    response: { description: "The new tag.", schema: tagSchema },
    errors: { 409: "`conflict`: the district already has a tag with this name." },
  },
  {
    operationId: "updateTag",
    tag: "Tags",
    summary: "Rename a tag",
    pathParams: { id: "The tag's id." },
    response: { description: "The renamed tag.", schema: tagSchema },
    errors: { 409: "`conflict`: the district already has a tag with this name." },
  },
  {
    operationId: "deleteTag",
    tag: "Tags",
    summary: "Delete a tag",
    description: "Also takes the tag off everyone who carried it.",
    pathParams: { id: "The tag's id." },
    response: { description: "Deleted.", schema: okSchema },
  },
]);
