import type { QueueName } from "./queues";

/**
 * Workers running in this process, by queue, so that an enqueue here wakes them at once instead
 * of at their next poll (tests, and a process that both serves and works).
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
