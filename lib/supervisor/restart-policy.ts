/**
 * When a part of the service that died is started again, and when the service gives up on it.
 * Pure: the supervisor feeds it each exit and waits as told.
 */
export type RestartPolicy = {
  /** Wait before the first restart; each quick exit in a row doubles it… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** A part that served this long before dying was healthy: its next restart starts the count afresh. */
  stableAfterMs: number;
  /** This many quick exits in a row (each within stableAfterMs of being ready, or before it) and the service gives up. */
  maxQuickExits: number;
};

/** Restarts after 0.25 s, 0.5 s, 1 s, 2 s, 4 s and 8 s; the 7th quick exit in a row (after about 16 s of waiting) ends the service. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = { firstDelayMs: 250, maxDelayMs: 8000, stableAfterMs: 10_000, maxQuickExits: 7 };

/** A part exits with this code when running it again cannot help (a configuration problem): the service stops at once. */
export const EXIT_CANNOT_RUN = 78;

export type PartExit = {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** How long the part had been ready when it died; undefined when it never became ready. */
  readyForMs: number | undefined;
};

export type RestartDecision = { restartInMs: number; quickExits: number } | { giveUp: string };

export function describeExit({ code, signal }: Pick<PartExit, "code" | "signal">) {
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

/** What to do after `exit`, given how many quick exits in a row came before it. */
export function decideRestart(exit: PartExit, quickExitsBefore: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): RestartDecision {
  if (exit.code === EXIT_CANNOT_RUN) return { giveUp: `it cannot run as configured (${describeExit(exit)}; its reason is above)` };
  const quick = exit.readyForMs === undefined || exit.readyForMs < policy.stableAfterMs;
  const quickExits = quick ? quickExitsBefore + 1 : 0;
  if (quickExits >= policy.maxQuickExits) {
    return { giveUp: `it died ${quickExits} times in a row within ${policy.stableAfterMs / 1000} s of starting (last: ${describeExit(exit)})` };
  }
  const restartInMs = Math.min(policy.firstDelayMs * 2 ** Math.max(quickExits - 1, 0), policy.maxDelayMs);
  return { restartInMs, quickExits };
}
