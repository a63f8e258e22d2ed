import type { AddressInfo, Socket } from "node:net";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "./app-server";

/**
 * Through the app's server, with a stand-in for Next.js that answers as Next.js does: flush the
 * headers, then write the body's one chunk and end. What leaves the socket is counted: each
 * `_writeGeneric` is one system call (a write or a writev).
 */
const body = JSON.stringify({ id: "p1", first: "Ada", last: "Lovelace" });
let port: number;
const writes = new Map<string, number>();
const server = createAppServer(
  (req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/empty") {
      res.flushHeaders();
      res.end();
      return;
    }
    res.flushHeaders();
    res.write(body);
    res.end();
  },
  async () => "GET",
);
server.on("connection", (socket: Socket & { _writeGeneric: (...args: unknown[]) => unknown }) => {
  const original = socket._writeGeneric;
  socket._writeGeneric = function (...args: unknown[]) {
    const key = String(socket.remotePort);
    writes.set(key, (writes.get(key) ?? 0) + 1);
    return original.apply(this, args);
  };
});

beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())).then(() => (port = (server.address() as AddressInfo).port)));
afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())));

function get(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, localPort: req.socket!.localPort! }));
    });
    req.on("error", reject);
  });
}

describe("an answer's headers", () => {
  it("leave with its body in one write", async () => {
    const res = await get("/person");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json");
    expect(res.body).toBe(body);
    expect(writes.get(String(res.localPort))).toBe(1);
  });

  it("still leave when there is no body to carry them", async () => {
    const res = await get("/empty");
    expect(res.status).toBe(200);
    expect(res.body).toBe("");
    expect(writes.get(String(res.localPort))).toBe(1);
  });
});
