import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { recordsEndpoints } from "@/lib/openapi/paths-records";
import { getRetentionSettings, updateRetentionSettings } from "@/lib/retention/retention-settings";

// How long the district keeps recordings, archived people and messages: sessions with the settings permission.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(recordsEndpoints.getRetentionSettings, ({ ctx }) => getRetentionSettings(ctx)),
  route(recordsEndpoints.updateRetentionSettings, ({ ctx, body }) => updateRetentionSettings(ctx, body)),
);
