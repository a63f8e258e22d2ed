import { deleteForm, getForm } from "@/lib/forms/forms";
import { updateFormSchema } from "@/lib/forms/schemas";
import { updateForm } from "@/lib/forms/update-form";
import { route } from "@/lib/http/route";

export const GET = route({ scope: "read:interviews" }, ({ ctx, params }) => getForm(ctx, params.id));

export const PATCH = route({ auth: "session", permission: "settings", body: updateFormSchema }, ({ ctx, params, body }) =>
  updateForm(ctx, params.id, body),
);

export const DELETE = route({ auth: "session", permission: "settings" }, ({ ctx, params }) => deleteForm(ctx, params.id));
