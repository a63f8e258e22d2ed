import { z } from "zod";
import { roleInputSchema, roleSchema, roleUpdateSchema, tagInputSchema, tagSchema } from "@/lib/definitions/schemas";
import { okSchema } from "@/lib/http/schemas";
import { operations } from "./operation";

// Roles and tags: what people are given. Read with an API key's read:people scope; changed
// only in a session holding the settings permission.

const read = { auth: "any", scope: "read:people" } as const;
const settings = { auth: "session", permission: "settings" } as const;

export const definitionOperations = operations([
  {
    method: "get",
    path: "/api/roles",
    operationId: "listRoles",
    tag: "Roles",
    summary: "List roles",
    description: "The district's roles, oldest first. A new district starts with one role of each kind.",
    access: read,
    response: { status: 200, description: "The roles.", schema: z.array(roleSchema) },
  },
  {
    method: "post",
    path: "/api/roles",
    operationId: "createRole",
    tag: "Roles",
    summary: "Create a role",
    description: "`permissions` defaults to `[]`.",
    access: settings,
    body: roleInputSchema,
    response: { status: 201, description: "The new role.", schema: roleSchema },
  },
  {
    method: "patch",
    path: "/api/roles/{id}",
    operationId: "updateRole",
    tag: "Roles",
    summary: "Update a role",
    description: "Only the fields sent change (`permissions` is not reset when absent).",
    access: settings,
    pathParams: { id: "The role's id." },
    body: roleUpdateSchema,
    response: { status: 200, description: "The updated role.", schema: roleSchema },
  },
  {
    method: "delete",
    path: "/api/roles/{id}",
    operationId: "deleteRole",
    tag: "Roles",
    summary: "Delete a role",
    access: settings,
    pathParams: { id: "The role's id." },
    response: { status: 200, description: "Deleted.", schema: okSchema },
    errors: { 409: "`conflict`: people still hold the role; remove it from them first." },
  },
  {
    method: "get",
    path: "/api/tags",
    operationId: "listTags",
    tag: "Tags",
    summary: "List tags",
    description: "The district's tags, by name.",
    access: read,
    response: { status: 200, description: "The tags.", schema: z.array(tagSchema) },
  },
  {
    method: "post",
    path: "/api/tags",
    operationId: "createTag",
    tag: "Tags",
    summary: "Create a tag",
    access: settings,
    body: tagInputSchema,
    response: { status: 201, description: "The new tag.", schema: tagSchema },
    errors: { 409: "`conflict`: the district already has a tag with this name." },
  },
  {
    method: "patch",
    path: "/api/tags/{id}",
    operationId: "updateTag",
    tag: "Tags",
    summary: "Rename a tag",
    access: settings,
    pathParams: { id: "The tag's id." },
    body: tagInputSchema,
    response: { status: 200, description: "The renamed tag.", schema: tagSchema },
    errors: { 409: "`conflict`: the district already has a tag with this name." },
  },
  {
    method: "delete",
    path: "/api/tags/{id}",
    operationId: "deleteTag",
    tag: "Tags",
    summary: "Delete a tag",
    description: "Also takes the tag off everyone who carried it.",
    access: settings,
    pathParams: { id: "The tag's id." },
    response: { status: 200, description: "Deleted.", schema: okSchema },
  },
]);
