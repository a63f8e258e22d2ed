import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request the receiver got, and which of its path's secrets verified it (Webhook.verify). */
type Received = {
  path: string;
  id: string;
  timestamp: string;
  signatures: string[];
  body: string;
  payload: any;
  /** The secrets (as registered) that verify the request on their own. */
  verifiedWith: string[];
};

/** What to answer: a status (200 when verified, else 401), after a delay, with headers. */
export type Answer = { status?: number; delayMs?: number; headers?: Record<string, string> };

/**
 * A receiver of webhooks on 127.0.0.1 (a node:http server), verifying every request with the
 * `standardwebhooks` package against the secrets registered for its path. Each path answers from
 * its own plan (one answer per request, the last repeated), so tests do not disturb each other.
 */
export async function startWebhookReceiver() {
  const secrets = new Map<string, string[]>();
  const plans = new Map<string, Answer[]>();
  const received: Received[] = [];
  /** Every path asked for, including ones a redirect pointed at. */
  const hits: string[] = [];

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = new URL(req.url ?? "/", "http://receiver").pathname;
    hits.push(path);
    const headers = {
      "webhook-id": String(req.headers["webhook-id"] ?? ""),
      "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
      "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
    };
    const verifiedWith = (secrets.get(path) ?? []).filter((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
    let payload: unknown = null;
    try {
      payload = JSON.parse(body);
    } catch {
      /* kept as text */
    }
    received.push({
      path,
      id: headers["webhook-id"],
      timestamp: headers["webhook-timestamp"],
      signatures: headers["webhook-signature"].split(" "),
      body,
      payload,
      verifiedWith,
    });
    const plan = plans.get(path) ?? [];
    const answer = (plan.length > 1 ? plan.shift() : plan[0]) ?? {};
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed) return;
    res.writeHead(answer.status ?? (verifiedWith.length ? 200 : 401), answer.headers).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    /** The URL of a path of the receiver. */
    url: (path: string) => `${base}${path}`,
    /** The secrets requests to `path` are verified with. */
    trust: (path: string, ...list: string[]) => void secrets.set(path, list),
    /** The answers to the next requests to `path` (the last one repeats). */
    answer: (path: string, ...answers: Answer[]) => void plans.set(path, answers),
    received: (path: string) => received.filter((r) => r.path === path),
    hits: (path: string) => hits.filter((h) => h === path).length,
    all: () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
