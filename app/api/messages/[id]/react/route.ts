import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { toggleReaction } from "@/lib/messages/toggle-reaction";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(messageEndpoints.reactToMessage, ({ ctx, params, body }) => toggleReaction(ctx, params.id, body)),
);
