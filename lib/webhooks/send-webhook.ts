import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Webhook } from "standardwebhooks";
import { bareHost, checkedLookup } from "@/lib/net/public-address";
import { addressPolicy, endpointUrlProblem } from "./endpoint-url";

export type SendResult = { ok: boolean; status: number | null; ms: number; error: string | null };

/** Bytes of an answer read (and dropped) before the connection is closed: receivers owe us only a status. */
const MAX_ANSWER_BYTES = 64 * 1024;

class Refused extends Error {}

/** `webhook-signature`: one `v1,<base64>` per secret, space-separated (Standard Webhooks). */
function signatures(secrets: string[], eventId: string, at: Date, body: string) {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(" ");
}

/**
 * POSTs one event to an endpoint, signed with each secret (the current one, and the previous one
 * during a rotation), under the SSRF rules of endpoint-url.ts, within `timeoutMs`. A 2xx answer
 * is a delivery; anything else (another status, a redirect, which is never followed, a refused
 * connection, a timeout) is a failure with a sentence saying why. Never throws.
 */
export async function sendWebhook(input: { url: string; eventId: string; body: string; secrets: string[]; timeoutMs: number }): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = endpointUrlProblem(input.url, false);
  if (problem) return { ok: false, status: null, ms: 0, error: problem };
  const url = new URL(input.url);
  const allowAddress = addressPolicy(url);
  const host = bareHost(url);
  if (net.isIP(host) && !allowAddress(host)) return { ok: false, status: null, ms: 0, error: `${host} is a private, loopback or reserved address.` };

  const at = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": "credentials-administration-service-webhooks",
    "webhook-id": input.eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures(input.secrets, input.eventId, at, input.body),
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "ms">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, ms: elapsed() });
    };
    const req = client.request(url, { method: "POST", headers, lookup: checkedLookup(allowAddress, (m) => new Refused(m)), agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      const done = () => {
        if (status >= 200 && status < 300) finish({ ok: true, status, error: null });
        else if (status >= 300 && status < 400)
          finish({
            ok: false,
            status,
            error: `The endpoint answered with a redirect (HTTP ${status}${res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : ""}); redirects are not followed: use the final URL.`,
          });
        else finish({ ok: false, status, error: `The endpoint answered HTTP ${status}.` });
        req.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    const timer = setTimeout(() => req.destroy(new Error(`No answer within ${input.timeoutMs} ms.`)), input.timeoutMs);
    req.on("error", (error: NodeJS.ErrnoException) => {
      const why =
        error instanceof Refused ? error.message : error.code === "ECONNREFUSED" ? "The connection was refused." : error.message || String(error.code);
      finish({ ok: false, status: null, error: why.slice(0, 1000) });
    });
    req.end(input.body);
  });
}
