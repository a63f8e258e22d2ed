import { createForm, listForms } from "@/lib/forms/forms";
import { createFormSchema } from "@/lib/forms/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ scope: "read:interviews" }, ({ ctx }) => listForms(ctx));

export const POST = route({ auth: "session", permission: "settings", body: createFormSchema, status: 201 }, ({ ctx, body }) =>
  createForm(ctx, body),
);
