import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "@/lib/env";
import { overloaded } from "@/lib/errors/app-error";

/**
 * The process's admission gate: at most MAX_ACTIVE_REQUESTS API requests work at once, and the
 * rest wait in line, first come first served. A request is refused with 503 `overloaded` and
 * Retry-After as it arrives, before it touches the database, when the line is full
 * (MAX_QUEUED_REQUESTS) or when its expected wait is longer than MAX_QUEUE_WAIT_MS; one still
 * waiting after MAX_QUEUE_WAIT_MS is refused then. A burst thus costs quick refusals instead of
 * every request waiting seconds, or transactions timing out half-way. It guards this process's
 * own pool and CPU, so it is per process by design; what must hold across processes (rate
 * limits) lives in the database.
 *
 * One gate per process, kept on globalThis: the app's server (lib/server/app-server.ts) reads it to refuse
 * before Next.js does any work, and the route bundles Next.js loads are separate copies of this
 * module.
 */
type Entry = { admit: () => void; timer: NodeJS.Timeout };
type Gate = {
  active: number;
  waiting: Entry[];
  /**
   * How often a slot comes free while requests wait: the average gap between hand-overs (moving
   * average), measured only while the line is not empty, so an idle spell never counts. The
   * expected wait of a newcomer is its place in line times this gap (Little's law); no guess is
   * made before the first busy spell.
   */
  handoverGapMs?: number;
  lastHandoverAt: number;
  /** Requests refused so far, as they arrived and after waiting their turn in vain (lib/metrics/). */
  refused?: { arriving: number; waited: number };
};
const KEY = Symbol.for("cas.admission-gate");
const holder = globalThis as unknown as Record<symbol, Gate | undefined>;
const gate: Gate = (holder[KEY] ??= { active: 0, waiting: [], lastHandoverAt: 0 });
const GAP_WEIGHT = 0.1;

function expectedWaitMs(place: number): number {
  if (gate.handoverGapMs === undefined) return 0;
  // A line that has not moved for longer than usual is judged by how long it has stood still.
  const still = gate.waiting.length ? performance.now() - gate.lastHandoverAt : 0;
  return place * Math.max(gate.handoverGapMs, still);
}

/** Whether a request arriving now would be refused at once (the line is full, or too slow). */
export function refusesNow(): boolean {
  const { MAX_ACTIVE_REQUESTS, MAX_QUEUED_REQUESTS, MAX_QUEUE_WAIT_MS } = env();
  if (gate.active < MAX_ACTIVE_REQUESTS && !gate.waiting.length) return false;
  return gate.waiting.length >= MAX_QUEUED_REQUESTS || expectedWaitMs(gate.waiting.length + 1) > MAX_QUEUE_WAIT_MS;
}

function enter(): Promise<void> | undefined {
  const { MAX_ACTIVE_REQUESTS, MAX_QUEUE_WAIT_MS } = env();
  if (gate.active < MAX_ACTIVE_REQUESTS && !gate.waiting.length) {
    gate.active++;
    return undefined;
  }
  if (refusesNow()) {
    noteRefusal("arriving");
    throw overloaded();
  }
  return new Promise<void>((resolve, reject) => {
    const entry = {
      // The slot is handed over by leave(): `active` already counts this request.
      admit: () => {
        clearTimeout(entry.timer);
        resolve();
      },
      timer: setTimeout(() => {
        gate.waiting.splice(gate.waiting.indexOf(entry), 1);
        noteRefusal("waited");
        reject(overloaded());
      }, MAX_QUEUE_WAIT_MS),
    };
    queue(entry);
  });
}

function queue(entry: Entry) {
  // A line forming: the gap to the first hand-over counts from now.
  if (!gate.waiting.length) gate.lastHandoverAt = performance.now();
  gate.waiting.push(entry);
}

function leave() {
  const next = gate.waiting.shift();
  if (!next) {
    gate.active--;
    return;
  }
  const now = performance.now();
  const gap = now - gate.lastHandoverAt;
  gate.handoverGapMs = gate.handoverGapMs === undefined ? gap : gate.handoverGapMs + GAP_WEIGHT * (gap - gate.handoverGapMs);
  gate.lastHandoverAt = now;
  next.admit();
}

/** Whether the current request holds a slot (false while it waits outside the gate). */
const holding = new AsyncLocalStorage<{ held: boolean }>();

/** Runs `work` once admitted; throws `overloaded` (503) when the line is full or too slow. */
export async function admitted<T>(work: () => Promise<T>): Promise<T> {
  const wait = enter();
  if (wait) await wait;
  const slot = { held: true };
  try {
    return await holding.run(slot, work);
  } finally {
    if (slot.held) leave();
  }
}

/**
 * Gives the request's slot back while it waits on work done elsewhere (a job running in a
 * worker), and takes one again afterwards, waiting its turn in line: a request waiting minutes
 * for a transcription must not keep others out. Outside an admitted request it simply waits.
 */
export async function outsideAdmission<T>(wait: () => Promise<T>): Promise<T> {
  const slot = holding.getStore();
  if (!slot?.held) return wait();
  slot.held = false;
  leave();
  try {
    return await wait();
  } finally {
    // Back in line without the time limit: the work is done, only its answer is left to send.
    if (gate.active < env().MAX_ACTIVE_REQUESTS && !gate.waiting.length) gate.active++;
    else await new Promise<void>((resolve) => queue({ admit: resolve, timer: setTimeout(() => {}, 0) }));
    slot.held = true;
  }
}

/** Requests working and waiting now (tests, health). */
export const admissionLoad = () => ({ active: gate.active, waiting: gate.waiting.length });

/** Counts a refusal: as the request arrived (here, or by the app's server before Next.js), or after waiting. */
export function noteRefusal(when: "arriving" | "waited") {
  gate.refused ??= { arriving: 0, waited: 0 };
  gate.refused[when]++;
}

/** Refusals since the process started, for the metrics. */
export const admissionRefusals = () => ({ arriving: gate.refused?.arriving ?? 0, waited: gate.refused?.waited ?? 0 });
