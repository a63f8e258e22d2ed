import { createForm, listForms } from "@/lib/forms/forms";
import { createFormSchema } from "@/lib/forms/schemas";
import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listForms", scope: "read:interviews" }, ({ ctx }) => listForms(ctx)),
  POST: route({ operation: "createForm", auth: "session", permission: "settings", body: createFormSchema, status: 201 }, ({ ctx, body }) =>
    createForm(ctx, body),
  ),
});
