import { route } from "@/lib/http/route";
import { getMe, signOutEverywhere } from "@/lib/people/me";

/** Who the session belongs to, with what they may do: what the pages need to decide what to show. */
export const GET = route({ auth: "session" }, ({ ctx }) => getMe(ctx));

/** Signs this session out (the token stops working at once). */
export const DELETE = route({ auth: "session" }, ({ ctx }) => signOutEverywhere(ctx));
