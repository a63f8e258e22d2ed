/**
 * Receive the service's webhooks on a small HTTP server, and accept only those it signed.
 *
 *   CAS_WEBHOOK_SECRET=whsec_… PORT=8787 npx tsx docs/examples/verify-webhook.ts
 *
 * The secret is the one POST /api/webhooks (or its rotate) answered with. See docs/examples/README.md.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { Webhook } from "standardwebhooks";
import type { webhooks } from "../../clients/typescript/schema";

/** An event of the document's `webhooks`: `type`, `timestamp` and the `data` of that type. */
type DocumentedEvent = { [T in keyof webhooks]: webhooks[T]["post"]["requestBody"]["content"]["application/json"] }[keyof webhooks];
/** What **Send test event** (POST /api/webhooks/{id}/test) sends, to check a receiver; no change behind it. */
type TestEvent = { type: "webhook.test"; timestamp: string; data: { endpoint_id: string; message: string } };
export type WebhookEvent = DocumentedEvent | TestEvent;

/** The service's events are a few kilobytes; a bigger body is not one of them. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Serves POST requests on `port` (0: any free one). Each is verified (Standard Webhooks: an HMAC of
 * `<webhook-id>.<webhook-timestamp>.<body>` with the secret, and a timestamp within 5 minutes),
 * then handed to `onEvent` once per event id, and answered 2xx. An unverified request gets 401;
 * if `onEvent` throws, a 500 makes the service send the event again later.
 */
export async function receiveWebhooks(options: {
  secret: string;
  port?: number;
  host?: string;
  onEvent: (event: WebhookEvent, id: string) => void | Promise<void>;
}) {
  const verifier = new Webhook(options.secret);
  // A retry or a redelivery carries the same webhook-id. Kept in memory here: a real receiver
  // keeps the ids it handled where its own data is, for longer than the service retries.
  const handled = new Set<string>();

  const server = http.createServer(async (req, res) => {
    if (req.method !== "POST") return void res.writeHead(405, { allow: "POST" }).end();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return void res.writeHead(413).end();
      chunks.push(chunk);
    }
    // The signature covers the exact bytes sent: verify the raw body, never a re-serialized parse.
    const body = Buffer.concat(chunks).toString("utf8");
    const headers = {
      "webhook-id": String(req.headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
    };
    let event: WebhookEvent;
    try {
      event = verifier.verify(body, headers) as WebhookEvent;
    } catch {
      return void res.writeHead(401).end();
    }
    const id = headers["webhook-id"];
    if (handled.has(id)) return void res.writeHead(204).end();
    try {
      await options.onEvent(event, id);
    } catch (error) {
      console.error(`webhook ${id} (${event.type}) failed:`, error);
      return void res.writeHead(500).end();
    }
    handled.add(id);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { CAS_WEBHOOK_SECRET, PORT = "8787", HOST = "0.0.0.0" } = process.env;
  if (!CAS_WEBHOOK_SECRET) throw new Error("Set CAS_WEBHOOK_SECRET to the endpoint's signing secret (whsec_…).");
  const receiver = await receiveWebhooks({
    secret: CAS_WEBHOOK_SECRET,
    port: Number(PORT),
    host: HOST,
    onEvent: (event, id) => {
      // `event` is typed by its `type`: here, person.created's `data` is the person.
      if (event.type === "person.created") console.log(`${id}: ${event.type} ${event.data.first} ${event.data.last} <${event.data.email}>`);
      else console.log(`${id}: ${event.type} at ${event.timestamp}`, event.data);
    },
  });
  console.log(`listening on ${receiver.url}: register it with POST /api/webhooks (or in Settings → Webhooks)`);
}
