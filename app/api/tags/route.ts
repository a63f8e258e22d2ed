import { createTag, listTags } from "@/lib/definitions/tags";
import { tagInputSchema } from "@/lib/definitions/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ scope: "read:people" }, ({ ctx }) => listTags(ctx));

export const POST = route({ auth: "session", permission: "settings", body: tagInputSchema, status: 201 }, ({ ctx, body }) =>
  createTag(ctx, body),
);
