import { route } from "@/lib/http/route";
import { deleteInterview } from "@/lib/interviews/delete-interview";
import { getInterview } from "@/lib/interviews/get-interview";
import { updateInterviewSchema } from "@/lib/interviews/schemas";
import { updateInterview } from "@/lib/interviews/update-interview";

export const GET = route({ scope: "read:interviews" }, ({ ctx, params }) => getInterview(ctx, params.personId, params.id));

export const PATCH = route({ scope: "write:interviews", permission: "interviews:edit", body: updateInterviewSchema }, ({ ctx, params, body }) =>
  updateInterview(ctx, params.personId, params.id, body),
);

export const DELETE = route({ scope: "write:interviews", permission: "interviews:edit" }, ({ ctx, params }) =>
  deleteInterview(ctx, params.personId, params.id),
);
