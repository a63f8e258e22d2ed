import { createKey, listKeys } from "@/lib/keys/api-keys";
import { createKeySchema } from "@/lib/keys/schemas";
import { route } from "@/lib/http/route";

export const GET = route({ auth: "session", permission: "settings" }, ({ ctx }) => listKeys(ctx));

export const POST = route({ auth: "session", permission: "settings", body: createKeySchema, status: 201 }, ({ ctx, body }) =>
  createKey(ctx, body),
);
