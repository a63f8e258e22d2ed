import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { uploadInterviewFile } from "@/lib/interviews/interview-files";

// POST: multipart, streamed (lib/http/multipart.ts): `file`, `field_id` (a file field of the interview's form), optional `name`.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "uploadInterviewAttachment", scope: "write:interviews", permission: "interviews:edit", status: 201 }, ({ ctx, params, req }) =>
    uploadInterviewFile(ctx, params.personId, params.id, req),
  ),
});
