import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { uploadInterviewFile } from "@/lib/interviews/interview-files";
import { interviewEndpoints } from "@/lib/openapi/paths-interviews";

// POST: multipart, streamed (lib/http/multipart.ts): `file`, `field_id` (a file field of the interview's form), optional `name`.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewEndpoints.uploadInterviewAttachment, ({ ctx, params, req }) => uploadInterviewFile(ctx, params.personId, params.id, req)),
);
