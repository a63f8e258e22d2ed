import type http from "node:http";
import type { AddressInfo } from "node:net";
import { createAppServer } from "@/lib/server/app-server";
import { BASE } from "./api";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** A route of the app: its path pattern and its module (`app/api/…/route.ts`). */
export type ServedRoute = { pattern: RegExp; names: string[]; load: () => Promise<Partial<Record<string, Handler>>> };

/**
 * The app's real HTTP server (lib/server/app-server.ts) on a loopback port, in front of the real
 * route modules in place of Next.js, handed the request the way Next.js hands it to a route
 * (a Request whose body is the IncomingMessage, read as it arrives) and answering with what the
 * route returned. What happens on the socket (ids, the access log, metrics, a refused body) is
 * the server's own.
 */
export async function serveRoutes(routes: ServedRoute[]) {
  const server = createAppServer(
    async (req, res) => {
      const url = new URL(req.url!, BASE);
      const found = routes.map((r) => ({ r, m: r.pattern.exec(url.pathname) })).find((x) => x.m);
      const handler = found && (await found.r.load())[req.method!];
      if (!found || !handler)
        return void res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"code":"not_found","message":"Not found."}}');
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === "string" && !["connection", "keep-alive", "transfer-encoding"].includes(name)) headers.set(name, value);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(url, {
        method: req.method,
        headers,
        ...(hasBody ? { body: req as unknown as BodyInit, duplex: "half" } : {}),
      } as RequestInit);
      const params = Object.fromEntries(found.r.names.map((name, i) => [name, decodeURIComponent(found.m![i + 1])]));
      const response = await handler(request, { params: Promise.resolve(params) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
    async () => "GET, HEAD, OPTIONS",
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    server: server as http.Server,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}
