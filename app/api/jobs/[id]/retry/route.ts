import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { retryDistrictJob } from "@/lib/jobs/district-jobs";
import { jobEndpoints } from "@/lib/openapi/paths-jobs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(jobEndpoints.retryJob, ({ ctx, params }) => retryDistrictJob(ctx, params.id)));
