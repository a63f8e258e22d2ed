import "server-only";
import { cookies } from "next/headers";
import { cache } from "react";
import { authenticate } from "@/lib/auth/authenticate";
import { AppError } from "@/lib/errors/app-error";
import { serviceOrigin } from "@/lib/hosting/service-origin";
import { getMe } from "@/lib/people/me";
import type { Me } from "@/lib/people/schemas";

/**
 * The signed-in person as GET /api/me describes them, for a page being rendered on the server
 * (the shell, the start page), or null without a valid session. Once per request.
 */
export const pageMe = cache(async (): Promise<Me | null> => {
  const cookie = (await cookies()).toString();
  if (!cookie) return null;
  try {
    const { ctx } = await authenticate(new Request(serviceOrigin(), { headers: { cookie } }), serviceOrigin());
    // A cookie only ever carries a browser session; an API key there is no sign-in.
    if (ctx.actor.type !== "person") return null;
    // The serialized person is typed loosely by its serializer; it is GET /api/me's body exactly.
    return (await getMe(ctx)) as Me;
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized") return null;
    throw error;
  }
});
