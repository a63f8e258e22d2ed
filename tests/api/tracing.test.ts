import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { runWithRequestContext } from "@/lib/http/request-context";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { startWorkers, type JobHandlers } from "@/lib/jobs/run-workers";
import { flushTraces, resetTracing } from "@/lib/tracing/tracer";
import { serveRoutes } from "../helpers/app-server";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";

/**
 * Optional traces (lib/tracing/): with OTEL_EXPORTER_OTLP_ENDPOINT set, requests and jobs are
 * spans sent to that OTLP/HTTP collector: here a local receiver that keeps what it is sent.
 */
type OtlpSpan = { name: string; kind: number; traceId: string; attributes: Array<{ key: string; value: Record<string, unknown> }>; status?: { code?: number } };
const received: OtlpSpan[] = [];
// Its jobs run in workers it starts itself, with handlers of its own, not in the test process's own (tests/helpers/job-workers.ts).
process.env.JOBS_IN_PROCESS = "0";

let receiver: http.Server;
let d: TestDistrict;
let served: Awaited<ReturnType<typeof serveRoutes>>;

const attribute = (span: OtlpSpan, key: string) => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

beforeAll(async () => {
  receiver = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.url === "/v1/traces" && /json/.test(req.headers["content-type"] ?? "")) {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      for (const resource of body.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) received.push(...scope.spans);
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  resetEnvCache();
  await resetTracing();
  d = await makeDistrict("Tracing");
  served = await serveRoutes([{ pattern: /^\/api\/people\/([^/]+)$/, names: ["id"], load: () => import("@/app/api/people/[id]/route") }]);
});

afterAll(async () => {
  await served?.close();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  resetEnvCache();
  await resetTracing();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe("traces", () => {
  it("a request is a span named by its route, with its status and request id", async () => {
    const res = await fetch(`${served.origin}/api/people/${d.admin.id}`, { headers: { authorization: `Bearer ${d.admin.token}` } });
    await res.arrayBuffer();
    const missing = await fetch(`${served.origin}/api/people/nobody-here-0000000000`, { headers: { authorization: `Bearer ${d.admin.token}` } });
    await missing.arrayBuffer();
    await flushTraces();
    const spans = received.filter((s) => s.name === "GET /api/people/[id]");
    expect(spans).toHaveLength(2);
    const ok = spans.find((s) => attribute(s, "cas.request_id") === res.headers.get("x-request-id"))!;
    expect(ok.kind).toBe(2); // SERVER
    expect(attribute(ok, "http.response.status_code")).toBe(200);
    expect(attribute(ok, "cas.district_id")).toBe(d.id);
    expect(spans.map((s) => attribute(s, "http.response.status_code")).sort()).toEqual([200, 404]);
  });

  it("a job's run is a span with its queue, outcome and the id of the request that queued it", async () => {
    let ran!: () => void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    const handlers = { "idempotency-sweep": async () => void ran() } as unknown as JobHandlers;
    const workers = await startWorkers(handlers, { queues: ["idempotency-sweep"] });
    try {
      await runWithRequestContext({ requestId: "req-traced-000001" }, () => enqueueJob("idempotency-sweep", {}));
      await done;
    } finally {
      await workers.stop(2000);
    }
    await flushTraces();
    const job = received.find((s) => s.name === "job idempotency-sweep" && attribute(s, "cas.request_id") === "req-traced-000001");
    expect(job).toBeDefined();
    expect(attribute(job!, "cas.outcome")).toBe("completed");
    expect(attribute(job!, "cas.queue")).toBe("idempotency-sweep");
  });
});
