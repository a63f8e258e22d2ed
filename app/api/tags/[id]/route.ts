import { deleteTag } from "@/lib/definitions/delete-tag";
import { updateTag } from "@/lib/definitions/update-tag";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { definitionEndpoints } from "@/lib/openapi/paths-definitions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(definitionEndpoints.updateTag, ({ ctx, params, body }) => updateTag(ctx, params.id, body)),
  route(definitionEndpoints.deleteTag, ({ ctx, params }) => deleteTag(ctx, params.id)),
);
