import { listDistrictJobs } from "@/lib/jobs/district-jobs";
import { listJobsQuery } from "@/lib/jobs/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

// The district's durable jobs (dead ones by default), for admins: sessions with the settings permission.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listJobs", auth: "session", permission: "settings", query: listJobsQuery }, ({ ctx, query }) => listDistrictJobs(ctx, query)),
});
