import { route } from "@/lib/http/route";
import { deleteProfile, getProfile, updateProfile } from "@/lib/profiles/profiles";
import { updateProfileSchema } from "@/lib/profiles/schemas";

export const GET = route({ scope: "read:interviews" }, ({ ctx, params }) => getProfile(ctx, params.id));

export const PATCH = route({ auth: "session", permission: "settings", body: updateProfileSchema }, ({ ctx, params, body }) =>
  updateProfile(ctx, params.id, body),
);

export const DELETE = route({ auth: "session", permission: "settings" }, ({ ctx, params }) => deleteProfile(ctx, params.id));
