import "server-only";
import fs from "node:fs";
import os from "node:os";

/** The nice value a backup runs at: below the service's parts, which answer people meanwhile. */
export const BACKUP_NICE = 10;

/**
 * Lowers this process's CPU priority to `nice` for good (an unprivileged process cannot raise it
 * again). On Linux the nice value belongs to each thread, so every thread of the process is set
 * (its /proc/self/task); threads made later, and child processes (pg_dump), inherit it from the
 * main thread. Elsewhere, the main thread only. Best effort: a system that refuses changes nothing.
 */
export function yieldCpuToService(nice = BACKUP_NICE) {
  let threads: number[] = [0];
  try {
    threads = fs.readdirSync("/proc/self/task").map(Number);
  } catch {
    // not Linux: the calling thread alone
  }
  for (const thread of threads) {
    try {
      if (os.getPriority(thread) < nice) os.setPriority(thread, nice);
    } catch {
      // not allowed, or the thread ended meanwhile
    }
  }
}
