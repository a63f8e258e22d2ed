import type { QueueName } from "./queues";

/**
 * The wake channel: an enqueue tells the workers to look now rather than at their next poll. In
 * this process through the wakers below; in others by NOTIFY on this channel, with the queue's
 * name as payload (PostgreSQL; PGlite drops NOTIFY, its workers poll).
 */
export const WAKE_CHANNEL = "cas_jobs";

/**
 * Workers running in this process, by queue, so that an enqueue here wakes them at once instead
 * of at their next poll (tests, and a process that both serves and works). The runner registers
 * them: the side that queues knows only this channel, never the workers.
 */
const wakers = new Map<QueueName, Set<() => void>>();

export function registerLocalWorker(queue: QueueName, wake: () => void) {
  const set = wakers.get(queue) ?? new Set();
  set.add(wake);
  wakers.set(queue, set);
  return () => set.delete(wake);
}

export function wakeLocalWorkers(queue: QueueName) {
  for (const wake of wakers.get(queue) ?? []) wake();
}
