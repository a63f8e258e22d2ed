import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { deleteInterviewFile } from "@/lib/interviews/interview-files";
import { interviewEndpoints } from "@/lib/openapi/paths-interviews";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewEndpoints.deleteInterviewAttachment, ({ ctx, params }) => deleteInterviewFile(ctx, params.personId, params.id, params.fileId)),
);
