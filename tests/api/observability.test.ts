import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { route } from "@/lib/http/route";
import { runWithRequestContext } from "@/lib/http/request-context";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { startWorkers, type JobHandlers } from "@/lib/jobs/run-workers";
import { loggerFor } from "@/lib/logging/logger";
import { serveMetricsPort } from "@/lib/metrics/serve-metrics";
import { call } from "../helpers/api";
import { serveRoutes } from "../helpers/app-server";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { captureLogs, type LogLine } from "../helpers/log-capture";
import { promtoolProblems, sampleValue, samples } from "../helpers/prometheus";

/**
 * Logs and metrics over the app's real HTTP server (lib/server/app-server.ts) in front of the real
 * route modules: the request id, the access log, errors logged once, the jobs a request queued,
 * and GET /metrics.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const METRICS_TOKEN = "metrics-token-for-the-tests-0123456789";
// The job it queues runs in workers it starts itself, with a handler of its own, not in the test
// process's own (tests/helpers/job-workers.ts).
process.env.JOBS_IN_PROCESS = "0";

let d: TestDistrict;
let personId: string;
let served: Awaited<ReturnType<typeof serveRoutes>>;

const broken = { GET: route({ method: "GET", path: "/api/broken", auth: "session" }, async () => Promise.reject(new Error("the handler broke"))) };

beforeAll(async () => {
  d = await makeDistrict("Observability");
  personId = (await d.addPerson("candidate")).id;
  served = await serveRoutes([
    { pattern: /^\/api\/people\/([^/]+)$/, names: ["id"], load: () => import("@/app/api/people/[id]/route") },
    { pattern: /^\/api\/me$/, names: [], load: () => import("@/app/api/me/route") },
    { pattern: /^\/api\/broken$/, names: [], load: async () => broken },
  ]);
});

afterAll(() => served?.close());

afterEach(() => {
  for (const name of ["TRUST_PROXY", "METRICS_TOKEN", "METRICS_PORT"]) delete process.env[name];
  resetEnvCache();
});

function setEnv(values: Record<string, string>) {
  Object.assign(process.env, values);
  resetEnvCache();
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${served.origin}${path}`, { headers: { authorization: `Bearer ${d.admin.token}`, ...headers } });

describe("the request id", () => {
  it("is made for each request, sent back in X-Request-Id, and named by the error body", async () => {
    const [a, b] = [await get("/api/me"), await get("/api/me")];
    expect(a.headers.get("x-request-id")).toMatch(UUID);
    expect(b.headers.get("x-request-id")).toMatch(UUID);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));

    const missing = await get("/api/people/nobody-here-0000000000");
    expect(missing.status).toBe(404);
    const body = await missing.json();
    expect(body.error).toMatchObject({ code: "not_found", request_id: missing.headers.get("x-request-id") });

    const refused = await fetch(`${served.origin}/api/me`);
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.request_id).toBe(refused.headers.get("x-request-id"));
  });

  it("is the same in the header and the error body without the app's server (a route called directly)", async () => {
    const res = await call("GET", "/api/people/nobody-here-0000000000", { token: d.admin.token });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toMatch(UUID);
    expect(res.body.error.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("is taken from X-Request-Id only when a proxy TRUST_PROXY names sent it", async () => {
    const sent = { "x-request-id": "proxy-0123456789abcdef" };
    expect((await get("/api/me", sent)).headers.get("x-request-id")).toMatch(UUID);

    setEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7" });
    expect((await get("/api/me", sent)).headers.get("x-request-id")).toMatch(UUID);

    setEnv({ TRUST_PROXY: "loopback" });
    const honoured = await get("/api/people/nobody-here-0000000000", sent);
    expect(honoured.headers.get("x-request-id")).toBe(sent["x-request-id"]);
    expect((await honoured.json()).error.request_id).toBe(sent["x-request-id"]);
    // Even from a trusted proxy, an id that could forge a log line is not taken.
    expect((await get("/api/me", { "x-request-id": "two words" })).headers.get("x-request-id")).toMatch(UUID);

    setEnv({ TRUST_PROXY: "127.0.0.1/32" });
    expect((await get("/api/me", sent)).headers.get("x-request-id")).toBe(sent["x-request-id"]);
  });
});

describe("the access log", () => {
  it("has one line per request: method, route pattern, status, duration, district, actor and request id; never the query or a token", async () => {
    const logs = captureLogs();
    let res: Response;
    try {
      res = await get(`/api/people/${personId}?token=not-for-the-logs-123`);
      await res.arrayBuffer();
      // The line is written once the answer is finished, just after the client has it.
      for (let i = 0; i < 50 && !logs.lines.some((l) => l.component === "access"); i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      logs.restore();
    }
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id")!;
    const access = logs.lines.filter((l) => l.component === "access");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      msg: "request",
      method: "GET",
      route: "/api/people/[id]",
      status: 200,
      requestId: id,
      districtId: d.id,
      actorId: `person:${d.admin.id}`,
    });
    expect(access[0].durationMs).toBeTypeOf("number");
    const text = JSON.stringify(logs.lines);
    for (const secret of ["not-for-the-logs-123", d.admin.token, personId]) expect(text).not.toContain(secret);
  });
});

describe("an unexpected error", () => {
  it("is logged once, with its stack and the request id that the error body names", async () => {
    const logs = captureLogs();
    let res: Response;
    try {
      res = await get("/api/broken");
      await res.arrayBuffer();
    } finally {
      logs.restore();
    }
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id");
    const errors = logs.lines.filter((l) => l.level >= 50 && l.requestId === id);
    expect(errors).toHaveLength(1);
    expect((errors[0].err as { stack: string }).stack).toMatch(/the handler broke\n\s+at /);
  });
});

describe("a job queued during a request", () => {
  it("carries the request's id into its data and every line it logs", async () => {
    const ran: LogLine[] = [];
    const logs = captureLogs();
    const log = loggerFor("sweep");
    const done = new Promise<void>((resolve) => {
      const handlers = {
        "chunks-sweep": async () => {
          log.info("sweeping");
          resolve();
          throw new Error("the sweep failed");
        },
      } as unknown as JobHandlers;
      void startWorkers(handlers, { queues: ["chunks-sweep"] }).then((workers) =>
        done.then(() => new Promise((r) => setTimeout(r, 200))).then(() => workers.stop(2000)),
      );
    });
    const requestId = "req-observability-0001";
    const jobId = await runWithRequestContext({ requestId }, () => enqueueJob("chunks-sweep", {}));
    try {
      await done;
      for (let i = 0; i < 50 && !logs.lines.some((l) => l.msg === "job failed"); i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      logs.restore();
    }
    ran.push(...logs.lines.filter((l) => l.jobId === jobId));
    expect(ran.map((l) => l.msg)).toEqual(["sweeping", "job failed"]);
    for (const line of ran) expect(line).toMatchObject({ requestId, jobId, queue: "chunks-sweep" });
    expect((ran[1].err as { message: string }).message).toBe("the sweep failed");
  });
});

describe("GET /metrics", () => {
  const scrape = (token?: string) => fetch(`${served.origin}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it("is not there without METRICS_TOKEN, nor without it as the bearer", async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape(METRICS_TOKEN)).status).toBe(404);
    setEnv({ METRICS_TOKEN });
    expect((await scrape()).status).toBe(404);
    expect((await scrape(`${METRICS_TOKEN}x`)).status).toBe(404);
    expect((await scrape(d.admin.token)).status).toBe(404);
  });

  it("with the token: Prometheus's text format, which counts the requests sent", async () => {
    setEnv({ METRICS_TOKEN });
    const before = await (await scrape(METRICS_TOKEN)).text();
    for (let i = 0; i < 3; i++) await (await get(`/api/people/${personId}`)).arrayBuffer();
    for (let i = 0; i < 2; i++) await (await get("/api/people/nobody-here-0000000000")).arrayBuffer();
    const res = await scrape(METRICS_TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = await res.text();
    expect(await promtoolProblems(after)).toBe("");

    const ok = { route: "/api/people/[id]", method: "GET", status: "200" };
    const missing = { ...ok, status: "404" };
    expect(sampleValue(after, "http_requests_total", ok) - sampleValue(before, "http_requests_total", ok)).toBe(3);
    expect(sampleValue(after, "http_requests_total", missing) - sampleValue(before, "http_requests_total", missing)).toBe(2);
    expect(sampleValue(after, "http_request_duration_seconds_count", ok) - sampleValue(before, "http_request_duration_seconds_count", ok)).toBe(3);

    const names = new Set(samples(after).map((s) => s.name));
    for (const name of [
      "cas_admission_requests",
      "cas_admission_refusals_total",
      "cas_db_pool_connections",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
      "http_request_duration_seconds_bucket",
    ]) {
      expect(names, name).toContain(name);
    }
    // Every series says which part of the service it is from.
    expect(samples(after).filter((s) => !s.labels.part)).toEqual([]);
  });

  it("on METRICS_PORT: served on 127.0.0.1 only, without a token", async () => {
    const probe = await serveRoutes([]);
    const port = probe.port;
    await probe.close();
    setEnv({ METRICS_PORT: String(port) });
    const server = serveMetricsPort()!;
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
      expect(server.address()).toMatchObject({ address: "127.0.0.1", port });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await promtoolProblems(await res.text())).toBe("");
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
