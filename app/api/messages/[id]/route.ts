import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { getConversation } from "@/lib/messages/get-conversation";
import { leaveConversation } from "@/lib/messages/leave-conversation";
import { postMessage } from "@/lib/messages/post-message";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(messageEndpoints.getConversation, ({ ctx, params, query }) => getConversation(ctx, params.id, query)),
  route(messageEndpoints.postMessage, ({ ctx, params, body }) => postMessage(ctx, params.id, body)),
  route(messageEndpoints.leaveConversation, ({ ctx, params }) => leaveConversation(ctx, params.id)),
);
