import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deleteInterview } from "@/lib/interviews/delete-interview";
import { getInterview } from "@/lib/interviews/get-interview";
import { updateInterview } from "@/lib/interviews/update-interview";
import { interviewEndpoints } from "@/lib/openapi/paths-interviews";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // `view=candidate|mentor`: staff see what that reader gets (private fields removed).
  route(interviewEndpoints.getInterview, ({ ctx, params, query }) => getInterview(ctx, params.personId, params.id, query)),
  route(interviewEndpoints.updateInterview, ({ ctx, params, body }) => updateInterview(ctx, params.personId, params.id, body)),
  route(interviewEndpoints.deleteInterview, ({ ctx, params }) => deleteInterview(ctx, params.personId, params.id)),
);
