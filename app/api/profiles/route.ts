import { route } from "@/lib/http/route";
import { createProfile, listProfiles } from "@/lib/profiles/profiles";
import { createProfileSchema } from "@/lib/profiles/schemas";

export const GET = route({ scope: "read:interviews" }, ({ ctx }) => listProfiles(ctx));

export const POST = route({ auth: "session", permission: "settings", body: createProfileSchema, status: 201 }, ({ ctx, body }) =>
  createProfile(ctx, body),
);
