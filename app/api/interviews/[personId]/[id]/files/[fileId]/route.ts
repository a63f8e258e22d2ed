import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deleteInterviewFile } from "@/lib/interviews/interview-files";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  DELETE: route({ operation: "deleteInterviewAttachment", scope: "write:interviews", permission: "interviews:edit" }, ({ ctx, params }) =>
    deleteInterviewFile(ctx, params.personId, params.id, params.fileId),
  ),
});
