import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createConversation } from "@/lib/messages/create-conversation";
import { listConversations } from "@/lib/messages/list-conversations";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(messageEndpoints.listConversations, ({ ctx }) => listConversations(ctx)),
  route(messageEndpoints.createConversation, ({ ctx, body }) => createConversation(ctx, body)),
);
