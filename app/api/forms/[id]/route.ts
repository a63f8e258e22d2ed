import { deleteForm, getForm } from "@/lib/forms/forms";
import { updateFormSchema } from "@/lib/forms/schemas";
import { updateForm } from "@/lib/forms/update-form";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getForm", scope: "read:interviews" }, ({ ctx, params }) => getForm(ctx, params.id)),
  PATCH: route({ operation: "updateForm", auth: "session", permission: "settings", body: updateFormSchema }, ({ ctx, params, body }) =>
    updateForm(ctx, params.id, body),
  ),
  DELETE: route({ operation: "deleteForm", auth: "session", permission: "settings" }, ({ ctx, params }) => deleteForm(ctx, params.id)),
});
