import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { ssoEndpoints } from "@/lib/openapi/paths-sso";
import { deleteSsoConnection, getSsoConnection, putSsoConnection } from "@/lib/sso/sso-connection";

// The district's OpenID Connect provider: administrators' sessions only (it decides who signs in).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(ssoEndpoints.getSsoConnection, ({ ctx }) => getSsoConnection(ctx)),
  route(ssoEndpoints.putSsoConnection, ({ ctx, body }) => putSsoConnection(ctx, body)),
  route(ssoEndpoints.deleteSsoConnection, ({ ctx }) => deleteSsoConnection(ctx)),
);
