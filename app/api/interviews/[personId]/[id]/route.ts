import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deleteInterview } from "@/lib/interviews/delete-interview";
import { getInterview } from "@/lib/interviews/get-interview";
import { getInterviewQuery, updateInterviewSchema } from "@/lib/interviews/schemas";
import { updateInterview } from "@/lib/interviews/update-interview";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // `view=candidate|mentor`: staff see what that reader gets (private fields removed).
  GET: route({ operation: "getInterview", scope: "read:interviews", query: getInterviewQuery, checksSessionItself: true }, ({ ctx, params, query }) =>
    getInterview(ctx, params.personId, params.id, query),
  ),
  PATCH: route({ operation: "updateInterview", scope: "write:interviews", permission: "interviews:edit", body: updateInterviewSchema }, ({ ctx, params, body }) =>
    updateInterview(ctx, params.personId, params.id, body),
  ),
  DELETE: route({ operation: "deleteInterview", scope: "write:interviews", permission: "interviews:edit" }, ({ ctx, params }) =>
    deleteInterview(ctx, params.personId, params.id),
  ),
});
