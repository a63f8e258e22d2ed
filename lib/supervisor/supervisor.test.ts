import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { DEFAULT_RESTART_POLICY, EXIT_CANNOT_RUN, decideRestart } from "./restart-policy";
import { createSupervisor, type PartProcess } from "./supervisor";

/** A child process that lives until told otherwise: `die` as a crash would, `kill` as a signal does. */
class FakeChild extends EventEmitter implements PartProcess {
  static nextPid = 1000;
  pid = FakeChild.nextPid++;
  alive = true;
  signals: NodeJS.Signals[] = [];
  constructor(private readonly ignoresTerm = false) {
    super();
  }
  die(code: number | null, signal: NodeJS.Signals | null = null) {
    if (!this.alive) return;
    this.alive = false;
    queueMicrotask(() => this.emit("exit", code, signal));
  }
  kill(signal: NodeJS.Signals) {
    this.signals.push(signal);
    if (signal === "SIGKILL" || !this.ignoresTerm) this.die(null, signal);
    return true;
  }
}

/** A clock that only moves when the supervisor sleeps, so backoff is observed without waiting. */
function fakeTime() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

function harness(options: { ready?: (child: FakeChild) => boolean; readyTimeoutMs?: number; ignoresTerm?: boolean } = {}) {
  const time = fakeTime();
  const log: string[] = [];
  const children: FakeChild[] = [];
  let gaveUp: string | undefined;
  const supervisor = createSupervisor({
    log: (line) => log.push(line),
    onGiveUp: (reason) => (gaveUp = reason),
    now: time.now,
    sleep: time.sleep,
    stopGraceMs: 5000,
  });
  const spec = {
    name: "realtime",
    launch: () => {
      const child = new FakeChild(options.ignoresTerm);
      children.push(child);
      return child;
    },
    ready: async () => (options.ready ? options.ready(children.at(-1)!) : true),
    readyTimeoutMs: options.readyTimeoutMs,
  };
  const settle = async (rounds = 200) => {
    for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
  };
  return { supervisor, spec, children, log, time, settle, gaveUp: () => gaveUp };
}

describe("decideRestart", () => {
  it("doubles the wait from 0.25 s to 8 s while the part keeps dying quickly, then gives up", () => {
    const waits: number[] = [];
    let quickExits = 0;
    for (;;) {
      const decision = decideRestart({ code: 1, signal: null, readyForMs: 500 }, quickExits);
      if ("giveUp" in decision) {
        expect(decision.giveUp).toMatch(/7 times in a row within 10 s .*exit code 1/);
        break;
      }
      waits.push(decision.restartInMs);
      quickExits = decision.quickExits;
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000]);
  });

  it("starts the count afresh after a part served long enough", () => {
    const decision = decideRestart({ code: null, signal: "SIGKILL", readyForMs: DEFAULT_RESTART_POLICY.stableAfterMs }, 6);
    expect(decision).toEqual({ restartInMs: 250, quickExits: 0 });
  });

  it("counts a part that died before it was ever ready as a quick exit", () => {
    expect(decideRestart({ code: 1, signal: null, readyForMs: undefined }, 2)).toEqual({ restartInMs: 1000, quickExits: 3 });
  });

  it("gives up at once on the exit code that says a restart cannot help", () => {
    expect(decideRestart({ code: EXIT_CANNOT_RUN, signal: null, readyForMs: undefined }, 0)).toHaveProperty("giveUp");
  });
});

describe("createSupervisor", () => {
  it("restarts a part that dies, after the first backoff, and logs it", async () => {
    const h = harness();
    expect(await h.supervisor.start(h.spec)).toBe(true);
    h.children[0].die(null, "SIGKILL");
    await h.settle();
    expect(h.children).toHaveLength(2);
    expect(h.children[1].alive).toBe(true);
    expect(h.time.waits).toContain(250);
    expect(h.log.join("\n")).toMatch(/realtime: died \(killed by SIGKILL\); restarting in 0.25 s[\s\S]*realtime: back/);
    expect(h.gaveUp()).toBeUndefined();
  });

  it("stops everything and gives up with the reason when a part keeps dying", async () => {
    const h = harness();
    await h.supervisor.start(h.spec);
    for (let i = 0; i < 7; i++) {
      h.children.at(-1)!.die(1);
      await h.settle();
    }
    expect(h.children).toHaveLength(7);
    expect(h.gaveUp()).toMatch(/^realtime cannot come back: it died 7 times in a row/);
    expect(h.supervisor.stopping).toBe(true);
  });

  it("waits for a part that dies before it is ever ready, and resolves once a later process is", async () => {
    const h = harness({ ready: (child) => child.pid % 2 === 0 && child.alive });
    FakeChild.nextPid = 1; // the first child (odd pid) never answers
    const started = h.supervisor.start(h.spec);
    await h.settle(20);
    h.children[0].die(1);
    expect(await started).toBe(true);
    expect(h.children).toHaveLength(2);
  });

  it("gives up when a part does not become ready in time", async () => {
    const h = harness({ ready: () => false, readyTimeoutMs: 1000 });
    expect(await h.supervisor.start(h.spec)).toBe(false);
    await h.settle();
    expect(h.gaveUp()).toBe("realtime did not become ready within 1 s");
    expect(h.children[0].signals).toEqual(["SIGTERM"]);
  });

  it("gives up at once on a part that says it cannot run as configured", async () => {
    const h = harness();
    await h.supervisor.start(h.spec);
    h.children[0].die(EXIT_CANNOT_RUN);
    await h.settle();
    expect(h.children).toHaveLength(1);
    expect(h.gaveUp()).toMatch(/cannot run as configured/);
  });

  it("stops parts last-started first, and kills one that ignores SIGTERM after the grace period", async () => {
    const h = harness({ ignoresTerm: true });
    await h.supervisor.start({ ...h.spec, name: "database" });
    await h.supervisor.start({ ...h.spec, name: "app" });
    await h.supervisor.stop();
    expect(h.children.map((c) => c.signals)).toEqual([
      ["SIGTERM", "SIGKILL"],
      ["SIGTERM", "SIGKILL"],
    ]);
    expect(h.log.filter((l) => l.includes("did not stop"))).toEqual([
      "app: did not stop within 5 s; killing it",
      "database: did not stop within 5 s; killing it",
    ]);
    // A part that dies while the service stops is not restarted.
    expect(h.children).toHaveLength(2);
  });
});
