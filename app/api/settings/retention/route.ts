import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { getRetentionSettings, updateRetentionSettings } from "@/lib/retention/retention-settings";
import { updateRetentionSchema } from "@/lib/retention/schemas";

// How long the district keeps recordings, archived people and messages: sessions with the settings permission.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getRetentionSettings", auth: "session", permission: "settings" }, ({ ctx }) => getRetentionSettings(ctx)),
  PATCH: route({ operation: "updateRetentionSettings", auth: "session", permission: "settings", body: updateRetentionSchema }, ({ ctx, body }) =>
    updateRetentionSettings(ctx, body),
  ),
});
