import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deleteProfile, getProfile, updateProfile } from "@/lib/profiles/profiles";
import { updateProfileSchema } from "@/lib/profiles/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getProfile", scope: "read:interviews" }, ({ ctx, params }) => getProfile(ctx, params.id)),
  PATCH: route({ operation: "updateProfile", auth: "session", permission: "settings", body: updateProfileSchema }, ({ ctx, params, body }) =>
    updateProfile(ctx, params.id, body),
  ),
  DELETE: route({ operation: "deleteProfile", auth: "session", permission: "settings" }, ({ ctx, params }) => deleteProfile(ctx, params.id)),
});
