import { revokeKey } from "@/lib/keys/api-keys";
import { route } from "@/lib/http/route";

export const DELETE = route({ auth: "session", permission: "settings" }, ({ ctx, params }) => revokeKey(ctx, params.id));
