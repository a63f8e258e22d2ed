import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { markConversationRead } from "@/lib/messages/mark-conversation-read";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(messageEndpoints.markConversationRead, ({ ctx, params }) => markConversationRead(ctx, params.id)),
);
