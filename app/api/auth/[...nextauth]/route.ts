import { nextAuthResponse } from "@/lib/auth/oidc-next-auth-handler";
import { refusingOverload } from "@/lib/http/refusing-overload";

const handler = refusingOverload((req, context) => nextAuthResponse(req, context as Parameters<typeof nextAuthResponse>[1]));

export { handler as GET, handler as POST };
