import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { admissionLoad, admitted } from "./admission";

/**
 * The gate refuses a newcomer as it arrives when the line ahead of it would take longer than
 * MAX_QUEUE_WAIT_MS to clear, judged by how fast slots came free while requests waited. The
 * work here is held by hand, so "as it arrives" means: before any slot comes free.
 */
const SETTINGS = { MAX_ACTIVE_REQUESTS: "1", MAX_QUEUED_REQUESTS: "100", MAX_QUEUE_WAIT_MS: "2000" };
const HOLD_MS = 300;

beforeAll(() => {
  Object.assign(process.env, SETTINGS);
  resetEnvCache();
});
afterAll(() => {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetEnvCache();
});

/** A request that works until released; `outcome` settles as the gate answers it. */
function request() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let state: "waiting" | "admitted" | "refused" = "waiting";
  const outcome = admitted(async () => {
    state = "admitted";
    await held;
  }).catch((error: { code?: string }) => {
    state = "refused";
    expect(error.code).toBe("overloaded");
  });
  return { release, outcome, state: () => state };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("the admission gate", () => {
  it("learns how fast slots come free, then refuses at once whoever would wait too long", async () => {
    // A busy spell: one slot, a line of three, each request holding the slot for HOLD_MS.
    const first = [request(), request(), request(), request()];
    for (const r of first) {
      await sleep(HOLD_MS);
      r.release();
      await r.outcome;
    }
    expect(first.map((r) => r.state())).toEqual(["admitted", "admitted", "admitted", "admitted"]);

    // Slots come free about every HOLD_MS (or slower on a busy machine): a newcomer at place p
    // expects p × that. With the slot held, newcomers join until one's expected wait passes 2 s,
    // which is at place 7 at the latest (7 × 300 ms); that one is refused without any slot freed.
    const holder = request();
    await settle();
    expect(holder.state()).toBe("admitted");
    const line: ReturnType<typeof request>[] = [];
    for (let place = 1; place <= 7; place++) {
      line.push(request());
      await settle();
      if (line.at(-1)!.state() === "refused") break;
    }
    expect(line.at(-1)!.state()).toBe("refused");
    expect(line[0].state()).toBe("waiting");
    expect(admissionLoad()).toEqual({ active: 1, waiting: line.length - 1 });

    holder.release();
    for (const r of line) {
      r.release();
      await r.outcome;
    }
    expect(line[0].state()).toBe("admitted");
    expect(admissionLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it("judges a line that stands still by how long it has stood, not by the old pace", async () => {
    const holder = request();
    const waiter = request();
    await settle();
    // No slot has come free for 1.2 s: the second in line expects 2 × 1.2 s > 2 s (at the old pace, 2 × 0.3 s).
    await sleep(1200);
    const late = request();
    await settle();
    expect(late.state()).toBe("refused");
    expect(waiter.state()).toBe("waiting");
    holder.release();
    waiter.release();
    await Promise.all([holder.outcome, waiter.outcome, late.outcome]);
    expect(waiter.state()).toBe("admitted");
    expect(admissionLoad()).toEqual({ active: 0, waiting: 0 });
  });
});
