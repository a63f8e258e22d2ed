import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { spawnPart } from "@/lib/supervisor/spawn-part";
import { promtoolProblems, sampleValue, samples } from "@/tests/helpers/prometheus";

/**
 * The parts of one `npm start` on the app's one /metrics: real part processes under spawnPart,
 * this test being their supervisor. The app gathers the worker's metrics and the supervisor's
 * through the supervisor (IPC), and serves them with its own: one valid document, each series
 * labelled with its part, nothing counted twice.
 */
describe("metrics gathered from the parts", () => {
  it("the app serves its own, the worker's and the supervisor's, each with its part", async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cas-metrics-")), "gathered.txt");
    const worker = spawnPart("tests/helpers/metrics-part-child.ts", ["worker"], { ...process.env, CAS_PART: "worker" });
    const app = spawnPart("tests/helpers/metrics-part-child.ts", ["app", out], { ...process.env, CAS_PART: "app" });
    try {
      for (let i = 0; i < 300 && !fs.existsSync(out); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const text = fs.readFileSync(out, "utf8");
      expect(await promtoolProblems(text)).toBe("");
      expect(sampleValue(text, "test_things_total", { part: "worker" })).toBe(7);
      expect(sampleValue(text, "test_things_total", { part: "app" })).toBe(2);
      expect(samples(text).filter((s) => s.name === "test_things_total")).toHaveLength(2);
      expect(sampleValue(text, "cas_part_up", { child: "worker" })).toBe(1);
      // Node's own metrics of each process, apart.
      const cpu = samples(text).filter((s) => s.name === "process_cpu_user_seconds_total");
      expect(cpu.map((s) => s.labels.part)).toEqual(expect.arrayContaining(["app", "worker"]));
      expect(new Set(cpu.map((s) => s.labels.part)).size).toBe(cpu.length);
    } finally {
      app.kill("SIGTERM");
      worker.kill("SIGTERM");
    }
  }, 60_000);
});
