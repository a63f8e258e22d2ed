import { createTag, listTags } from "@/lib/definitions/tags";
import { tagInputSchema } from "@/lib/definitions/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listTags", scope: "read:people" }, ({ ctx }) => listTags(ctx)),
  POST: route({ operation: "createTag", auth: "session", permission: "settings", body: tagInputSchema, status: 201 }, ({ ctx, body }) =>
    createTag(ctx, body),
  ),
});
