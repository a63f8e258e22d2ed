import "server-only";
import { SpanKind, SpanStatusCode, type Attributes, type Span, type Tracer } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { env } from "@/lib/env";
import { partName } from "@/lib/logging/part-name";

type State = { provider: BasicTracerProvider; tracer: Tracer } | null;

// One provider per process, kept on globalThis (the route bundles carry their own module copies).
const KEY = Symbol.for("cas.tracing");
const holder = globalThis as unknown as Record<symbol, State | undefined>;

/**
 * Optional traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, each request (lib/server/follow-request.ts)
 * and each job run (lib/jobs/run-workers.ts) is a span sent to that OTLP/HTTP collector in batches,
 * named by its route pattern or queue and carrying the request id. Without it, nothing is loaded
 * into the work: tracer() is null.
 */
function state(): State {
  if (holder[KEY] !== undefined) return holder[KEY];
  const endpoint = env().OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return (holder[KEY] = null);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": "credentials-administration-service",
      "service.namespace": "cas",
      "cas.part": partName(),
      "process.pid": process.pid,
    }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  return (holder[KEY] = { provider, tracer: provider.getTracer("cas") });
}

/** A span begun now (server kind for requests, consumer kind for jobs), or null without tracing. */
export function startSpan(name: string, kind: "request" | "job", attributes: Attributes): Span | null {
  return state()?.tracer.startSpan(name, { kind: kind === "request" ? SpanKind.SERVER : SpanKind.CONSUMER, attributes }) ?? null;
}

/** Ends `span` with its final name and attributes, marked as an error when `failed`. */
export function endSpan(span: Span | null, name: string, attributes: Attributes, failed: boolean) {
  if (!span) return;
  span.updateName(name);
  span.setAttributes(attributes);
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Sends the spans still waiting in the batch (before a process stops; tests). */
export async function flushTraces() {
  await holder[KEY]?.provider.forceFlush();
}

/** Forgets the provider: the next span reads OTEL_EXPORTER_OTLP_ENDPOINT again (tests). */
export async function resetTracing() {
  await holder[KEY]?.provider.shutdown();
  holder[KEY] = undefined;
}
