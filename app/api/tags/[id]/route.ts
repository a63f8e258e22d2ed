import { deleteTag, updateTag } from "@/lib/definitions/tags";
import { tagInputSchema } from "@/lib/definitions/schemas";
import { route } from "@/lib/http/route";

export const PATCH = route({ auth: "session", permission: "settings", body: tagInputSchema }, ({ ctx, params, body }) =>
  updateTag(ctx, params.id, body),
);

export const DELETE = route({ auth: "session", permission: "settings" }, ({ ctx, params }) => deleteTag(ctx, params.id));
