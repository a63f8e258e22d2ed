import { z } from "zod";
import { roleInputSchema, roleSchema, roleUpdateSchema, tagInputSchema, tagSchema } from "@/lib/definitions/schemas";
import { okSchema } from "@/lib/http/schemas";
import type { Endpoints } from "./operation";

// Roles and tags: what people are given. Read with an API key's read:people scope; changed
// only in a session holding the settings permission.


export const definitionEndpoints = {
  listRoles: {
    method: "GET",
    path: "/api/roles",
    scope: "read:people",
    tag: "Roles",
    summary: "List roles",
    description: "The district's roles, oldest first. A new district starts with one role of each kind.",
    response: { description: "The roles.", schema: z.array(roleSchema) },
  },
  createRole: {
    method: "POST",
    path: "/api/roles",
    auth: "session",
    permission: "settings",
    body: roleInputSchema,
    status: 201,
    tag: "Roles",
    summary: "Create a role",
    description: "`permissions` defaults to `[]`.",
    response: { description: "The new role.", schema: roleSchema },
  },
  updateRole: {
    method: "PATCH",
    path: "/api/roles/{id}",
    auth: "session",
    permission: "settings",
    body: roleUpdateSchema,
    tag: "Roles",
    summary: "Update a role",
    description: "Only the fields sent change (`permissions` is not reset when absent).",
    pathParams: { id: "The role's id." },
    response: { description: "The updated role.", schema: roleSchema },
  },
  deleteRole: {
    method: "DELETE",
    path: "/api/roles/{id}",
    auth: "session",
    permission: "settings",
    tag: "Roles",
    summary: "Delete a role",
    pathParams: { id: "The role's id." },
    response: { description: "Deleted.", schema: okSchema },
    errors: { 409: "`conflict`: people still hold the role; remove it from them first." },
  },
  listTags: {
    method: "GET",
    path: "/api/tags",
    scope: "read:people",
    tag: "Tags",
    summary: "List tags",
    description: "The district's tags, by name.",
    response: { description: "The tags.", schema: z.array(tagSchema) },
  },
  createTag: {
    method: "POST",
    path: "/api/tags",
    auth: "session",
    permission: "settings",
    body: tagInputSchema,
    status: 201,
    tag: "Tags",
    summary: "Create a tag",
    response: { description: "The new tag.", schema: tagSchema },
    errors: { 409: "`conflict`: the district already has a tag with this name." },
  },
  updateTag: {
    method: "PATCH",
    path: "/api/tags/{id}",
    auth: "session",
    permission: "settings",
    body: tagInputSchema,
    tag: "Tags",
    summary: "Rename a tag",
    pathParams: { id: "The tag's id." },
    response: { description: "The renamed tag.", schema: tagSchema },
    errors: { 409: "`conflict`: the district already has a tag with this name." },
  },
  deleteTag: {
    method: "DELETE",
    path: "/api/tags/{id}",
    auth: "session",
    permission: "settings",
    tag: "Tags",
    summary: "Delete a tag",
    description: "Also takes the tag off everyone who carried it.",
    pathParams: { id: "The tag's id." },
    response: { description: "Deleted.", schema: okSchema },
  },
} satisfies Endpoints;
