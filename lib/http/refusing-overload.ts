import "server-only";
import { withOverloadSignal } from "@/lib/db/overload-signal";
import { overloaded } from "@/lib/errors/app-error";
import { admitted } from "./admission";
import { errorResponse, toAppError } from "./errors";

type Handler = (req: Request, context: unknown) => Promise<Response>;

/**
 * For a route handler the app does not write itself (next-auth's): it passes the same admission
 * gate as the API, so a burst is refused at once (503), and a request whose database work found
 * no connection in time answers 503 `overloaded` whatever the handler made of the error (next-auth
 * logs it, then redirects to its error page or answers an empty session); one that throws because
 * the database cannot be reached answers 503 `unavailable`. Other errors are the handler's own.
 */
export function refusingOverload(handle: Handler): Handler {
  return async (req, context) => {
    try {
      const { result, overloaded: waitedInVain } = await admitted(() => withOverloadSignal(() => handle(req, context)));
      return waitedInVain ? errorResponse(overloaded()) : result;
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === "overloaded" || appError.code === "unavailable") return errorResponse(appError);
      throw error;
    }
  };
}
