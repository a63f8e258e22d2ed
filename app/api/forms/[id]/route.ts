import { deleteForm } from "@/lib/forms/delete-form";
import { getForm } from "@/lib/forms/get-form";
import { updateForm } from "@/lib/forms/update-form";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewSetupEndpoints } from "@/lib/openapi/paths-interview-setup";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewSetupEndpoints.getForm, ({ ctx, params }) => getForm(ctx, params.id)),
  route(interviewSetupEndpoints.updateForm, ({ ctx, params, body }) => updateForm(ctx, params.id, body)),
  route(interviewSetupEndpoints.deleteForm, ({ ctx, params }) => deleteForm(ctx, params.id)),
);
