import { createTag } from "@/lib/definitions/create-tag";
import { listTags } from "@/lib/definitions/list-tags";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { definitionEndpoints } from "@/lib/openapi/paths-definitions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(definitionEndpoints.listTags, ({ ctx }) => listTags(ctx)),
  route(definitionEndpoints.createTag, ({ ctx, body }) => createTag(ctx, body)),
);
