import "server-only";
import type { z } from "zod";
import { declared, type Handler, type RouteDeclaration } from "./declaration";
import { errorResponse, toAppError } from "./errors";
import { parseQuery } from "./parse-query";

type PublicHandler<Q extends z.ZodType> = (
  req: Request,
  context: { params: Promise<Record<string, string | string[]>> },
  input: { query: z.infer<Q> },
) => Promise<Response> | Response;

/**
 * A handler that needs no authentication and touches no district (health, the reference, a
 * calendar feed or an unsubscribe link whose token is the credential): it does not go through
 * route(), but it is declared like every other endpoint, its query is parsed as route() parses
 * one, and what it throws becomes the one error body.
 */
export function publicRoute<Q extends z.ZodType = z.ZodType<undefined>>(
  declaration: Omit<RouteDeclaration, "auth" | "query"> & { auth: "public"; query?: Q },
  handler: PublicHandler<Q>,
): Handler {
  return declared(async (req: Request, context: { params: Promise<Record<string, string | string[]>> }) => {
    try {
      const query = (declaration.query ? parseQuery(req, declaration.query) : undefined) as z.infer<Q>;
      return await handler(req, context, { query });
    } catch (error) {
      return errorResponse(toAppError(error));
    }
  }, declaration);
}
