import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { markConversationRead } from "@/lib/messages/mark-conversation-read";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  POST: route({ operation: "markConversationRead", auth: "session" }, ({ ctx, params }) => markConversationRead(ctx, params.id)),
});
