import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewSetupEndpoints } from "@/lib/openapi/paths-interview-setup";
import { deleteProfile } from "@/lib/profiles/delete-profile";
import { getProfile } from "@/lib/profiles/get-profile";
import { updateProfile } from "@/lib/profiles/update-profile";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewSetupEndpoints.getProfile, ({ ctx, params }) => getProfile(ctx, params.id)),
  route(interviewSetupEndpoints.updateProfile, ({ ctx, params, body }) => updateProfile(ctx, params.id, body)),
  route(interviewSetupEndpoints.deleteProfile, ({ ctx, params }) => deleteProfile(ctx, params.id)),
);
