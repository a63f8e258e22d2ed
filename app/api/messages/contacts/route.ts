import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { listContacts } from "@/lib/messages/list-contacts";
import { messageEndpoints } from "@/lib/openapi/paths-messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(messageEndpoints.listContacts, ({ ctx }) => listContacts(ctx)));
