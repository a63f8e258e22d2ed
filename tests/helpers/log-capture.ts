import { logDestination, setLogDestination } from "@/lib/logging/logger";

/** A log line as pino writes it (lib/logging/logger.ts). */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/**
 * The lines this process logs from now until `restore()`, parsed; they still reach the run's log
 * file too, so that the scan for secrets at the end of the run sees them (global-setup.ts).
 */
export function captureLogs() {
  const lines: LogLine[] = [];
  const previous = logDestination();
  setLogDestination({
    write(line: string) {
      for (const one of line.split("\n")) if (one.trim()) lines.push(JSON.parse(one) as LogLine);
      previous?.write(line);
    },
  });
  return { lines, restore: () => setLogDestination(previous) };
}
