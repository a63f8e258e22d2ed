import { route } from "@/lib/http/route";
import { uploadInterviewFile } from "@/lib/interviews/interview-files";

// multipart: `file`, `field_id` (a file field of the interview's form), optional `name`.
export const POST = route(
  { scope: "write:interviews", permission: "interviews:edit", multipart: true, status: 201 },
  ({ ctx, params, form }) => uploadInterviewFile(ctx, params.personId, params.id, form),
);
