import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { ssoEndpoints } from "@/lib/openapi/paths-sso";
import { endPersonSessions } from "@/lib/sso/end-person-sessions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(ssoEndpoints.endPersonSessions, ({ ctx, params }) => endPersonSessions(ctx, params.id)),
);
