import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { getMe, signOutEverywhere, updateMe } from "@/lib/people/me";
import { updateMeSchema } from "@/lib/people/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Who the session belongs to, with what they may do: what the pages need to decide what to show.
  GET: route({ operation: "getMe", auth: "session" }, ({ ctx }) => getMe(ctx)),
  // What a person may change about themself without people:edit: their language.
  PATCH: route({ operation: "updateMe", auth: "session", body: updateMeSchema }, ({ ctx, body }) => updateMe(ctx, body)),
  // Signs this session out (the token stops working at once).
  DELETE: route({ operation: "signOut", auth: "session" }, ({ ctx }) => signOutEverywhere(ctx)),
});
