import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { countUnread } from "@/lib/messages/count-unread";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(messageEndpoints.countUnread, ({ ctx }) => countUnread(ctx)));
