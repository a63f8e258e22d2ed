import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

// Per API key, per process: a fixed budget of requests each minute.
let limiter: RateLimiterMemory | undefined;

export async function consumeKeyBudget(keyId: string) {
  limiter ??= new RateLimiterMemory({ points: env().API_KEY_RATE_LIMIT_PER_MINUTE, duration: 60 });
  try {
    await limiter.consume(keyId);
  } catch (result) {
    if (!(result instanceof RateLimiterRes)) throw result;
    const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw new AppError("rate_limited", `Too many requests for this API key. Try again in ${seconds} s.`, undefined, seconds);
  }
}
