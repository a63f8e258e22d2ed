import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewSetupEndpoints } from "@/lib/openapi/paths-interview-setup";
import { createProfile } from "@/lib/profiles/create-profile";
import { listProfiles } from "@/lib/profiles/list-profiles";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewSetupEndpoints.listProfiles, ({ ctx }) => listProfiles(ctx)),
  route(interviewSetupEndpoints.createProfile, ({ ctx, body }) => createProfile(ctx, body)),
);
