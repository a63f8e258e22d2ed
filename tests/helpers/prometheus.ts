import { execFile } from "node:child_process";

/**
 * Prometheus's own parser (promtool, Debian's `prometheus` package) on an exposition: what it
 * refuses, or "" when the text parses. Exit code 3 is lint notes only (a metric without help…).
 */
export function promtoolProblems(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile("promtool", ["check", "metrics"], (error, stdout, stderr) => {
      if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") return reject(new Error("promtool is needed (apt-get install prometheus)"));
      resolve(error && error.code !== 3 ? `${stdout}${stderr}` : "");
    });
    child.stdin!.end(text);
  });
}

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of an exposition that promtool accepted (label values without escapes, as the service writes them). */
export function samples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [, name, labelText = "", value] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name, labels, value: Number(value) };
    });
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number {
  return samples(text).find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;
}
