import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { latestMailTo, linkIn, signIn } from "./helpers";

/** The raw answer to `request` on the app's port: request targets that no HTTP client library sends. */
function rawExchange(baseURL: string, request: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const timer = setTimeout(() => socket.destroy(new Error(`no answer to ${JSON.stringify(request.split("\r\n")[0])} in 10 s`)), 10_000);
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on("error", reject);
  });
}

/**
 * What only the real server shows (security issue): Next.js's own answers to hostile HTTP
 * are refused before it, pages carry a CSP with a nonce and still run, a page of another site
 * cannot make changes with the session cookie, and next-auth's links ignore forged hosts.
 */

test("hostile HTTP gets an error body, never a 500", async ({ request, baseURL }) => {
  const trace = await request.fetch("/api/people", { method: "TRACE" });
  expect(trace.status()).toBe(405);
  expect(trace.headers()["allow"]).toBe("GET, POST, HEAD, OPTIONS");
  expect((await trace.json()).error.code).toBe("method_not_allowed");

  const put = await request.fetch("/api/people", { method: "PUT" });
  expect(put.status()).toBe(405);
  expect(put.headers()["allow"]).toBe("GET, POST, HEAD, OPTIONS");

  for (const path of ["/api/people/%ff", "/files/x/%E0%A4%A", "/people/%E0%A4%A"]) {
    const res = await request.get(`${baseURL}${path}`);
    expect(res.status(), path).toBe(400);
    expect((await res.json()).error.code).toBe("validation_error");
  }

  // `*` and absolute-form targets, which Next.js alone answers with a 500: refused in front of it.
  for (const target of ["*", "http://x/", `${baseURL}/api/people`]) {
    const answer = await rawExchange(baseURL!, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
    expect(status >= 400 && status < 500, `GET ${target}: ${answer.split("\r\n")[0]}`).toBe(true);
    expect(answer.slice(answer.indexOf("\r\n\r\n")), target).toMatch(/\{"error":\{"code":"validation_error"/);
  }

  const cookie = await request.get("/api/me", { headers: { cookie: "next-auth.session-token=%E0%A4%A" } });
  expect(cookie.status()).toBe(401);
  expect((await cookie.json()).error.code).toBe("unauthorized");
});

test("pages send a CSP with a per-request nonce and the security headers, and still work", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  const first = await page.goto("/sign-in");
  const csp = first!.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(first!.headers()).toMatchObject({ "x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "same-origin" });
  const second = await page.goto("/sign-in");
  expect(second!.headers()["content-security-policy"]).not.toBe(csp);

  await signIn(page, "admin@demo.test");
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a page of another site cannot change anything with the session cookie", async ({ page, baseURL }) => {
  await signIn(page, "admin@demo.test");
  const name = `Forged ${Date.now()}`;
  // Another site on the same host (another port): the browser sends the session cookie along.
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><form method="post" action="${baseURL}/api/tags" enctype="text/plain">
      <input name='{"name":"${name}","x":"' value='"}'></form><script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  try {
    const port = (attacker.address() as AddressInfo).port;
    const posted = page.waitForResponse((r) => r.url().endsWith("/api/tags") && r.request().method() === "POST");
    await page.goto(`http://localhost:${port}/`);
    const response = await posted;
    expect(response.status()).toBe(403);
    expect((await response.json()).error.message).toMatch(/another site/);
  } finally {
    attacker.close();
  }
  const tags = (await (await page.request.get("/api/tags")).json()) as { name: string }[];
  expect(tags.map((t) => t.name)).not.toContain(name);
});

test("next-auth's sign-in links ignore a forged X-Forwarded-Host", async ({ request, baseURL }) => {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const started = Date.now();
  const res = await request.post("/api/auth/signin/email", {
    form: { csrfToken, email: "candidate@demo.test", callbackUrl: "https://evil.example/" },
    headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    maxRedirects: 0,
  });
  expect(res.status()).toBeLessThan(400);
  const link = linkIn(await latestMailTo("candidate@demo.test", started));
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
  expect(link).not.toContain("evil.example");
});
