import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { listContacts } from "@/lib/messages/list-contacts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "listContacts", auth: "session" }, ({ ctx }) => listContacts(ctx)),
});
