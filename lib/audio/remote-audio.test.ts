import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { downloadRemoteAudio, isPublicAddress } from "./remote-audio";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, metadata, reserved, and IPv6 forms of them", () => {
    for (const address of [
      "127.0.0.1",
      "127.1.2.3",
      "10.0.0.1",
      "172.16.5.4",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "198.18.0.1",
      "192.0.2.1",
      "::1",
      "::",
      "[::1]",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd12:3456::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "0:0:0:0:0:ffff:10.0.0.1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "2001:0:4136:e378::1",
      "not an address",
      "localhost",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("accepts public addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("downloadRemoteAudio", () => {
  let server: http.Server;
  let base: string;
  let dir: string;
  const hits: string[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-remote-test-"));
    server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url === "/redirect") return void res.writeHead(302, { location: "/secret" }).end();
      if (req.url === "/big") return void res.writeHead(200, { "content-type": "audio/webm" }).end(Buffer.alloc(2000));
      if (req.url === "/missing") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "audio/webm" }).end("audio bytes");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details?.[0].path).toBe("url");
    return (error as AppError).details![0].message;
  };
  const everything = { allowAddress: () => true };

  it("never connects to a loopback address by default, by IP or by a name that resolves to one", async () => {
    const before = hits.length;
    expect(await refusal(downloadRemoteAudio(new URL(`${base}/ok`), path.join(dir, "a")))).toMatch(/127\.0\.0\.1/);
    const port = new URL(base).port;
    expect(await refusal(downloadRemoteAudio(new URL(`http://localhost:${port}/ok`), path.join(dir, "b")))).toMatch(/resolves to/);
    expect(hits.length).toBe(before);
  });

  it("does not follow redirects, even where the address itself is allowed", async () => {
    const before = hits.length;
    expect(await refusal(downloadRemoteAudio(new URL(`${base}/redirect`), path.join(dir, "c"), everything))).toMatch(/redirect/);
    expect(hits.slice(before)).toEqual(["/redirect"]); // /secret never asked for
  });

  it("downloads within the limit, refuses beyond it and on HTTP errors, and only http(s)", async () => {
    const file = path.join(dir, "d");
    expect(await downloadRemoteAudio(new URL(`${base}/ok`), file, everything)).toEqual({ bytes: 11 });
    expect(fs.readFileSync(file, "utf8")).toBe("audio bytes");
    expect(await refusal(downloadRemoteAudio(new URL(`${base}/big`), path.join(dir, "e"), { ...everything, maxBytes: 1000 }))).toMatch(/larger/);
    expect(await refusal(downloadRemoteAudio(new URL(`${base}/missing`), path.join(dir, "f"), everything))).toMatch(/404/);
    expect(await refusal(downloadRemoteAudio(new URL("file:///etc/passwd"), path.join(dir, "g"), everything))).toMatch(/http/);
  });
});
