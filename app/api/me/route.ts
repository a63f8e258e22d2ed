import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { accountEndpoints } from "@/lib/openapi/paths-account";
import { getMe, signOutEverywhere, updateMe } from "@/lib/people/me";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // Who the session belongs to, with what they may do: what the pages need to decide what to show.
  route(accountEndpoints.getMe, ({ ctx }) => getMe(ctx)),
  // What a person may change about themself without people:edit: their language and e-mail notifications.
  route(accountEndpoints.updateMe, ({ ctx, body }) => updateMe(ctx, body)),
  // Signs this session out (the token stops working at once).
  route(accountEndpoints.signOut, ({ ctx }) => signOutEverywhere(ctx)),
);
