/**
 * Links go only to this service's own origin, and a local demo stays local (security issue,
 * items 2 and 3): e-mailed links come from BASE_URL, else the loopback origin; request
 * headers never shape them; `npm start` refuses to serve beyond loopback without BASE_URL.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { api } from "../helpers/api";
import { makeDistrict, type TestDistrict } from "../helpers/fixtures";
import { SERVER_NODE_ARGS } from "@/lib/supervisor/node-args";

let d: TestDistrict;

beforeAll(async () => {
  d = await makeDistrict("Links");
});

afterEach(() => {
  delete process.env.BASE_URL;
  resetEnvCache();
});

const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", host: "evil.example" };

/** The sign-in links e-mailed to `email` (kept in DATA_DIR/outbox without SMTP). */
function linksMailedTo(email: string): string[] {
  const dir = path.join(env().dataDir, "outbox");
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((n) => n.endsWith(".json"))
        .sort()
    : [];
  return names
    .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")) as { to: string; text: string })
    .filter((m) => m.to.toLowerCase() === email.toLowerCase())
    .map((m) => /(https?:\/\/\S+\/api\/auth\/callback\/email\S+)/.exec(m.text)![1]);
}

describe("e-mailed links", () => {
  it("an invitation sent with forged X-Forwarded-Host/Proto and Host still links to the loopback origin", async () => {
    const person = await d.addPerson("candidate");
    const res = await api.post(`/api/people/${person.id}/invite`, d.admin.token, undefined, { headers: FORGED });
    expect(res.status).toBe(200);
    const [link] = linksMailedTo(person.email);
    expect(new URL(link).origin).toBe(`http://localhost:${env().PORT}`);
    expect(new URL(new URL(link).searchParams.get("callbackUrl")!).origin).toBe(`http://localhost:${env().PORT}`);
  });

  it("with BASE_URL set, links use it, whatever the headers say", async () => {
    process.env.BASE_URL = "https://cas.example.org";
    resetEnvCache();
    const person = await d.addPerson("candidate");
    expect((await api.post(`/api/people/${person.id}/invite`, d.admin.token, undefined, { headers: FORGED })).status).toBe(200);
    expect(new URL(linksMailedTo(person.email)[0]).origin).toBe("https://cas.example.org");
    // File URLs in API answers follow the same origin.
    const me = await api.get(`/api/people/${person.id}`, d.admin.token, { headers: FORGED });
    expect(new URL(me.body.avatar_url).origin).toBe("https://cas.example.org");
  });
  // next-auth's own sign-in form needs Next's request scope: e2e/security.spec.ts checks it on the real server.
});

describe("npm start and HOST", () => {
  const start = (extra: Record<string, string>) =>
    spawnSync(process.execPath, [...SERVER_NODE_ARGS, "scripts/start.ts"], {
      env: { ...process.env, DATA_DIR: path.join(env().dataDir, "start-refusal"), DATABASE_URL: "", ...extra },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("refuses to serve beyond loopback without BASE_URL, saying what to set, before touching anything", () => {
    const res = start({ HOST: "0.0.0.0", BASE_URL: "" });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/HOST=0\.0\.0\.0.*set BASE_URL/);
    expect(fs.existsSync(path.join(env().dataDir, "start-refusal"))).toBe(false);
  });
});
