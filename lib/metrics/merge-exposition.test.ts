import client from "prom-client";
import { describe, expect, it } from "vitest";
import { promtoolProblems, sampleValue } from "@/tests/helpers/prometheus";
import { mergeExpositions } from "./merge-exposition";

async function exposition(part: string, count: number) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ part });
  new client.Counter({ name: "jobs_total", help: "Jobs.", labelNames: ["queue"], registers: [registry] }).inc({ queue: "mail" }, count);
  new client.Histogram({ name: "took_seconds", help: "Time.", buckets: [1, 5], registers: [registry] }).observe(count);
  return registry.metrics();
}

describe("mergeExpositions", () => {
  it("gives each family once, with every process's samples, in a text Prometheus parses", async () => {
    const texts = [await exposition("app", 2), await exposition("worker", 3)];
    // Joined as they are, the families repeat: Prometheus refuses that.
    expect(await promtoolProblems(texts.join("\n"))).toMatch(/second (HELP|TYPE)/);
    const merged = mergeExpositions(texts);
    expect(await promtoolProblems(merged)).toBe("");
    expect(merged.match(/^# TYPE jobs_total counter$/gm)).toHaveLength(1);
    expect(sampleValue(merged, "jobs_total", { part: "app", queue: "mail" })).toBe(2);
    expect(sampleValue(merged, "jobs_total", { part: "worker", queue: "mail" })).toBe(3);
    expect(sampleValue(merged, "took_seconds_count", { part: "worker" })).toBe(1);
  });
});
