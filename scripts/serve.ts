/**
 * The HTTP server of the app: Next.js's request handler behind a small gate
 * (lib/http/refuse-before-next.ts) that answers, with the error body, what Next.js would
 * turn into a bare 500. Started by scripts/start.ts (which owns the database); listens on
 * HOST (loopback unless set) and PORT. `--dev` serves with `next dev`.
 */
import http from "node:http";
import next from "next";
import { env } from "@/lib/env";
import { refusalBeforeNext } from "@/lib/http/refuse-before-next";
import { listenHost } from "@/lib/hosting/service-origin";

const dev = process.argv.includes("--dev");
const host = listenHost();
const { PORT } = env();

/** Where this server answers itself (a wildcard interface answers on loopback). */
const selfHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;

/** The route's own Allow header (its OPTIONS answer), for a 405 to an unsupported method. */
async function allowOf(path: string): Promise<string> {
  try {
    const res = await fetch(`http://${selfHost}:${PORT}${path}`, { method: "OPTIONS" });
    return res.headers.get("allow") ?? "GET, HEAD, OPTIONS";
  } catch {
    return "GET, HEAD, OPTIONS";
  }
}

async function main() {
  const app = next({ dev, hostname: host, port: PORT, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = http.createServer(async (req, res) => {
    const refusal = refusalBeforeNext(req.method ?? "", req.url ?? "/");
    if (refusal) {
      const headers = refusal.status === 405 ? { ...refusal.headers, Allow: await allowOf((req.url ?? "/").split(/[?#]/)[0]) } : refusal.headers;
      res.writeHead(refusal.status, headers).end(req.method === "HEAD" ? undefined : refusal.body);
      return;
    }
    await handle(req, res);
  });
  // CONNECT never reaches the request handler: Node hands it over as a raw socket.
  server.on("connect", (_req, socket) => {
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ error: { code: "method_not_allowed", message: "CONNECT is not supported by this service." } })}`);
  });
  if (dev) server.on("upgrade", app.getUpgradeHandler());
  server.listen(PORT, host, () => console.log(`[cas] listening on ${host}:${PORT}${dev ? " (dev)" : ""}`));
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
