import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createInterview } from "@/lib/interviews/create-interview";
import { listInterviewsOfVisiblePerson } from "@/lib/interviews/list-interviews";
import { interviewEndpoints } from "@/lib/openapi/paths-interviews";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewEndpoints.listPersonInterviews, ({ ctx, params }) => listInterviewsOfVisiblePerson(ctx, params.personId)),
  route(interviewEndpoints.createInterview, ({ ctx, params, body }) => createInterview(ctx, params.personId, body)),
);
