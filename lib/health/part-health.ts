import { z } from "zod";

/** One part's state in GET /api/health: whether it works, what was checked, and if not, why (no secrets). */
export const partHealthSchema = z.object({
  ok: z.boolean().describe("Whether the part works now."),
  check: z.string().describe('What was checked, e.g. "select 1" or "SMTP verify".'),
  error: z.string().optional().describe('Why the part is down, e.g. "no answer within 2 s" or "ECONNREFUSED". Never a secret or an address.'),
});

export type PartHealth = z.infer<typeof partHealthSchema>;

export const up = (check: string): PartHealth => ({ ok: true, check });

/** A down part whose reason names the failure's kind (a timeout, an error code), never a host, a URL or a credential. */
export function down(check: string, error: unknown): PartHealth {
  if (error instanceof HealthTimeout) return { ok: false, check, error: error.message };
  const code = (error as { code?: unknown })?.code;
  return { ok: false, check, error: typeof code === "string" && /^[A-Z][A-Z0-9_]{1,39}$/.test(code) ? code : "failed" };
}

class HealthTimeout extends Error {}

/** `promise`, or a HealthTimeout after `ms`. */
export function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
