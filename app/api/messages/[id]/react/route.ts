import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { reactSchema } from "@/lib/messages/schemas";
import { toggleReaction } from "@/lib/messages/toggle-reaction";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "reactToMessage", auth: "session", body: reactSchema }, ({ ctx, params, body }) => toggleReaction(ctx, params.id, body)),
});
