import { createForm } from "@/lib/forms/create-form";
import { listForms } from "@/lib/forms/list-forms";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { interviewSetupEndpoints } from "@/lib/openapi/paths-interview-setup";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(interviewSetupEndpoints.listForms, ({ ctx }) => listForms(ctx)),
  route(interviewSetupEndpoints.createForm, ({ ctx, body }) => createForm(ctx, body)),
);
