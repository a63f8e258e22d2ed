import { DEFAULT_RESTART_POLICY, decideRestart, describeExit, type RestartPolicy } from "./restart-policy";

/** One separately running piece of the service: the embedded database, the realtime server, the app, a worker. */
export type PartSpec = {
  name: string;
  /** Starts the process (scripts/<name>.ts through spawnPart in the service). */
  launch: () => PartProcess;
  /** Resolves true once the part serves (polled until it does); absent: ready once started. */
  ready?: () => Promise<boolean>;
  /** Not ready within this: the service gives up. */
  readyTimeoutMs?: number;
};

/** What the supervisor needs of a child process (a ChildProcess, or a fake in tests). */
export type PartProcess = {
  pid?: number;
  kill(signal: NodeJS.Signals): boolean;
  once(event: "exit", listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
};

export type SupervisorOptions = {
  log: (line: string) => void;
  /** Called once when a part cannot come back; every other part has been stopped by then. */
  onGiveUp: (reason: string) => void;
  policy?: RestartPolicy;
  /** Between readiness probes. */
  probeIntervalMs?: number;
  /** How long a part may take to stop on SIGTERM before SIGKILL. */
  stopGraceMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const DEFAULT_READY_TIMEOUT_MS = 60_000;

type Running = {
  spec: PartSpec;
  child?: PartProcess;
  exited?: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Whether the current process became ready (false: it died, or the service stopped, first). */
  readiness?: Promise<boolean>;
  readyAt?: number;
  quickExits: number;
};

/**
 * Runs parts as child processes: `start` launches one and resolves when it is ready; a part
 * that dies is started again with backoff (restart-policy.ts); one that cannot come back
 * (dies again and again, or is not ready in time) stops everything and calls onGiveUp.
 */
export function createSupervisor(options: SupervisorOptions) {
  const policy = options.policy ?? DEFAULT_RESTART_POLICY;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const probeIntervalMs = options.probeIntervalMs ?? 100;
  const parts: Running[] = [];
  let stopping: Promise<void> | undefined;

  function spawn(part: Running) {
    const child = part.spec.launch();
    part.child = child;
    part.readyAt = undefined;
    part.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    options.log(`${part.spec.name}: started (pid ${child.pid})`);
    void part.exited.then((exit) => {
      if (part.child === child && !stopping) void afterExit(part, exit);
    });
    part.readiness = waitReady(part, child, part.exited);
  }

  async function waitReady(part: Running, child: PartProcess, exit: Promise<unknown>): Promise<boolean> {
    let exited = false;
    void exit.then(() => (exited = true));
    const deadline = now() + (part.spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS);
    while (!exited && !stopping && part.child === child) {
      if (!part.spec.ready || (await part.spec.ready().catch(() => false))) {
        if (exited || stopping || part.child !== child) return false;
        part.readyAt = now();
        return true;
      }
      if (now() >= deadline) {
        void giveUp(`${part.spec.name} did not become ready within ${(part.spec.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS) / 1000} s`);
        return false;
      }
      await sleep(probeIntervalMs);
    }
    return false;
  }

  async function afterExit(part: Running, exit: { code: number | null; signal: NodeJS.Signals | null }) {
    const readyForMs = part.readyAt === undefined ? undefined : now() - part.readyAt;
    const decision = decideRestart({ ...exit, readyForMs }, part.quickExits, policy);
    if ("giveUp" in decision) return giveUp(`${part.spec.name} cannot come back: ${decision.giveUp}`);
    part.quickExits = decision.quickExits;
    options.log(`${part.spec.name}: died (${describeExit(exit)}); restarting in ${decision.restartInMs / 1000} s`);
    await sleep(decision.restartInMs);
    if (stopping) return;
    spawn(part);
    if (await part.readiness) options.log(`${part.spec.name}: back`);
  }

  async function giveUp(reason: string) {
    if (stopping) return;
    await stop();
    options.onGiveUp(reason);
  }

  async function stopPart(part: Running) {
    const child = part.child;
    if (!child || !part.exited) return;
    let done = false;
    const exited = part.exited.then(() => (done = true));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(options.stopGraceMs ?? 10_000)]);
    if (!done) {
      options.log(`${part.spec.name}: did not stop within ${(options.stopGraceMs ?? 10_000) / 1000} s; killing it`);
      child.kill("SIGKILL");
      await exited;
    }
  }

  /** Stops every part, the last started first (the app before the database it uses). */
  function stop(): Promise<void> {
    stopping ??= (async () => {
      for (const part of [...parts].reverse()) await stopPart(part);
    })();
    return stopping;
  }

  return {
    /** Launches a part; resolves true once it is ready, false if the service gave up or is stopping. */
    async start(spec: PartSpec): Promise<boolean> {
      if (stopping) return false;
      const part: Running = { spec, quickExits: 0 };
      parts.push(part);
      spawn(part);
      // A part that dies before it is ready is restarted like any other: wait until one of its processes is.
      while (!stopping) {
        const child = part.child;
        if (await part.readiness) return true;
        // It died: wait for the restart (or the end of the service).
        while (part.child === child && !stopping) await sleep(probeIntervalMs);
      }
      return false;
    },
    stop,
    get stopping() {
      return Boolean(stopping);
    },
  };
}
