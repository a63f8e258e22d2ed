import { retryDistrictJob } from "@/lib/jobs/district-jobs";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "retryJob", auth: "session", permission: "settings" }, ({ ctx, params }) => retryDistrictJob(ctx, params.id)),
});
