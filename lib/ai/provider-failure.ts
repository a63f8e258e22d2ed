import { AppError } from "@/lib/errors/app-error";

/** An engine's failure as the service's 503: which capability failed, in the engine's own words. */
export function providerFailure(what: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new AppError("ai_unavailable", `${what} failed: ${detail}`);
}
