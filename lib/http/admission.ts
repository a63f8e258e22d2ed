import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

/**
 * The process's admission gate: at most MAX_ACTIVE_REQUESTS API requests work at once, up to
 * MAX_QUEUED_REQUESTS wait in line (first come, first served) for at most MAX_QUEUE_WAIT_MS, and
 * anything beyond is refused at once with 503 `overloaded` and Retry-After, before it touches the
 * database. A burst then costs a queue and some refusals instead of transactions timing out
 * half-way (500s) and every request slowing down. It guards this process's own pool and CPU, so it
 * is per process by design; what must hold across processes (rate limits) lives in the database.
 */
let active = 0;
const waiting: { admit: () => void; timer: NodeJS.Timeout }[] = [];

const overloaded = () => new AppError("overloaded", "The service is busy. Please try again in a moment.", undefined, 1);

function enter(): Promise<void> | undefined {
  const { MAX_ACTIVE_REQUESTS, MAX_QUEUED_REQUESTS, MAX_QUEUE_WAIT_MS } = env();
  if (active < MAX_ACTIVE_REQUESTS && !waiting.length) {
    active++;
    return undefined;
  }
  if (waiting.length >= MAX_QUEUED_REQUESTS) throw overloaded();
  return new Promise<void>((resolve, reject) => {
    const entry = {
      // The slot is handed over by leave(): `active` already counts this request.
      admit: () => {
        clearTimeout(entry.timer);
        resolve();
      },
      timer: setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(overloaded());
      }, MAX_QUEUE_WAIT_MS),
    };
    waiting.push(entry);
  });
}

function leave() {
  const next = waiting.shift();
  if (next) next.admit();
  else active--;
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
    if (active < env().MAX_ACTIVE_REQUESTS && !waiting.length) active++;
    else await new Promise<void>((resolve) => waiting.push({ admit: resolve, timer: setTimeout(() => {}, 0) }));
    slot.held = true;
  }
}

/** Requests working and waiting now (tests, health). */
export const admissionLoad = () => ({ active, waiting: waiting.length });
