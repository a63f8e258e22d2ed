import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createProfile, listProfiles } from "@/lib/profiles/profiles";
import { createProfileSchema } from "@/lib/profiles/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listProfiles", scope: "read:interviews" }, ({ ctx }) => listProfiles(ctx)),
  POST: route({ operation: "createProfile", auth: "session", permission: "settings", body: createProfileSchema, status: 201 }, ({ ctx, body }) =>
    createProfile(ctx, body),
  ),
});
