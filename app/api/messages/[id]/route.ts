import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { getConversation } from "@/lib/messages/get-conversation";
import { leaveConversation } from "@/lib/messages/leave-conversation";
import { postMessage } from "@/lib/messages/post-message";
import { getConversationQuery, postMessageSchema } from "@/lib/messages/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "getConversation", auth: "session", query: getConversationQuery }, ({ ctx, params, query }) => getConversation(ctx, params.id, query)),
  POST: route({ operation: "postMessage", auth: "session", body: postMessageSchema, status: 201 }, ({ ctx, params, body }) => postMessage(ctx, params.id, body)),
  DELETE: route({ operation: "leaveConversation", auth: "session" }, ({ ctx, params }) => leaveConversation(ctx, params.id)),
});
