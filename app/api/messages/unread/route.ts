import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { countUnread } from "@/lib/messages/count-unread";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "countUnread", auth: "session" }, ({ ctx }) => countUnread(ctx)),
});
