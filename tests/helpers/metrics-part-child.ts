/**
 * A part of the service as lib/metrics/part-metrics.test.ts starts it (through spawnPart, under
 * the test acting as the supervisor): "worker" counts 7 of something and answers for its metrics;
 * "app" gathers the others' through the supervisor, as the app's /metrics does, and writes what it
 * would serve to the file named by its second argument.
 */
import "@/lib/supervisor/part-process";
import fs from "node:fs";
import client from "prom-client";
import { answerMetricsRequests } from "@/lib/metrics/part-metrics";
import { metric } from "@/lib/metrics/registry";
import { metricsText } from "@/lib/metrics/serve-metrics";

// Written aside and renamed: the test waits for the file to exist, and must never read it half-written.
const publish = (text: string) => {
  fs.writeFileSync(`${out}.part`, text);
  fs.renameSync(`${out}.part`, out);
};

const [mode, out] = process.argv.slice(2);
const counted = metric(
  "test_things_total",
  (registers) => new client.Counter({ name: "test_things_total", help: "Things counted by a test part.", registers }),
);

if (mode === "worker") {
  counted.inc(7);
  answerMetricsRequests();
  setInterval(() => {}, 1000);
} else {
  counted.inc(2);
  void (async () => {
    // The worker answers once it has said it can: until then the gathered text lacks it.
    for (let i = 0; i < 100; i++) {
      const text = await metricsText();
      if (/part="worker"/.test(text)) return publish(text);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    publish("the worker's metrics never came");
  })();
  setInterval(() => {}, 1000);
}
