import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { createConversation } from "@/lib/messages/create-conversation";
import { listConversations } from "@/lib/messages/list-conversations";
import { createConversationSchema } from "@/lib/messages/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listConversations", auth: "session" }, ({ ctx }) => listConversations(ctx)),
  POST: route({ operation: "createConversation", auth: "session", body: createConversationSchema, status: 201 }, ({ ctx, body }) => createConversation(ctx, body)),
});
