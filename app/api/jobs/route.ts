import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { listDistrictJobs } from "@/lib/jobs/district-jobs";
import { jobEndpoints } from "@/lib/openapi/paths-jobs";

// The district's durable jobs (dead ones by default), for admins: sessions with the settings permission.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(jobEndpoints.listJobs, ({ ctx, query }) => listDistrictJobs(ctx, query)));
