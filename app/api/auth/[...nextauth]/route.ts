import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth-options";

const handler = (req: Request, context: unknown) => NextAuth(authOptions())(req, context);

export { handler as GET, handler as POST };
