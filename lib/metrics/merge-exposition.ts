type Family = { help?: string; type?: string; samples: string[] };

/**
 * Several processes' metrics (Prometheus's text format) as one document: each family once, with
 * its HELP and TYPE, and the samples of every process under it. Text joined as it is would repeat
 * a family's HELP and TYPE, which Prometheus refuses. The samples never collide: every process's
 * carry its own `part` label (lib/metrics/registry.ts).
 */
export function mergeExpositions(texts: string[]): string {
  const families = new Map<string, Family>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { samples: [] }));
    return found;
  };
  for (const text of texts) {
    let current: Family | undefined;
    for (const line of text.split("\n")) {
      const header = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
      if (header) {
        current = family(header[2]);
        if (header[1] === "HELP") current.help ??= line;
        else current.type ??= line;
      } else if (line.trim() && !line.startsWith("#")) {
        (current ?? family(/^[^{\s]+/.exec(line)![0])).samples.push(line);
      }
    }
  }
  let out = "";
  for (const { help, type, samples } of families.values()) {
    if (help) out += `${help}\n`;
    if (type) out += `${type}\n`;
    for (const sample of samples) out += `${sample}\n`;
  }
  return out;
}
