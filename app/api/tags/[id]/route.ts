import { deleteTag, updateTag } from "@/lib/definitions/tags";
import { tagInputSchema } from "@/lib/definitions/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  PATCH: route({ operation: "updateTag", auth: "session", permission: "settings", body: tagInputSchema }, ({ ctx, params, body }) =>
    updateTag(ctx, params.id, body),
  ),
  DELETE: route({ operation: "deleteTag", auth: "session", permission: "settings" }, ({ ctx, params }) => deleteTag(ctx, params.id)),
});
