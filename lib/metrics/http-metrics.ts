import "server-only";
import client from "prom-client";
import { metric } from "./registry";

const requests = () =>
  metric(
    "http_requests_total",
    (registers) =>
      new client.Counter({
        name: "http_requests_total",
        help: "HTTP requests answered, by route pattern, method and status.",
        labelNames: ["route", "method", "status"],
        registers,
      }),
  );

const durations = () =>
  metric(
    "http_request_duration_seconds",
    (registers) =>
      new client.Histogram({
        name: "http_request_duration_seconds",
        help: "Time from a request's arrival to the end of its answer, by route pattern, method and status.",
        labelNames: ["route", "method", "status"],
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers,
      }),
  );

/** Counts one answered request (the app's server, once its answer is finished). */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  const labels = { route, method, status: String(status) };
  requests().inc(labels);
  durations().observe(labels, seconds);
}
