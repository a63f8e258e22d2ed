import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";
import { refusingOverload } from "@/lib/http/refusing-overload";

const handler = refusingOverload((req, context) => NextAuth(authOptions())(req, context));

export { handler as GET, handler as POST };
