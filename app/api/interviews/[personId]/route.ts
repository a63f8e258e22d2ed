import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createInterview } from "@/lib/interviews/create-interview";
import { listInterviewsOfVisiblePerson } from "@/lib/interviews/list-interviews";
import { createInterviewSchema } from "@/lib/interviews/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listPersonInterviews", scope: "read:interviews" }, ({ ctx, params }) => listInterviewsOfVisiblePerson(ctx, params.personId)),
  POST: route(
    { operation: "createInterview", scope: "write:interviews", permission: "interviews:edit", body: createInterviewSchema, status: 201 },
    ({ ctx, params, body }) => createInterview(ctx, params.personId, body),
  ),
});
