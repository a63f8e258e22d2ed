import http from "node:http";
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import type { paths } from "@/clients/typescript/schema";
import { createPersonSafely } from "@/docs/examples/create-person";
import { pagesOfPeople } from "@/docs/examples/page-people";
import { receiveWebhooks, type WebhookEvent } from "@/docs/examples/verify-webhook";
import { api } from "../helpers/api";
import { serveRoutes } from "../helpers/app-server";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";

/**
 * docs/examples/, the TypeScript examples of docs/api.md, run as an integrator runs them: over
 * HTTP (the app's real server in front of the real route modules), through openapi-fetch with the
 * generated types, with an API key; webhooks delivered by the service's own worker to the
 * example's receiver, which verifies them with `standardwebhooks`.
 */

// The example's receiver listens on loopback: the operator's allowance for http endpoints there.
process.env.WEBHOOK_URL_HOSTS = "127.0.0.1";
resetEnvCache();

let d: TestDistrict;
let key: string;
let served: Awaited<ReturnType<typeof serveRoutes>>;

beforeAll(async () => {
  d = await makeDistrict("Typed client");
  key = (await d.addKey(["read:people", "write:people"])).key;
  served = await serveRoutes([
    { pattern: /^\/api\/people$/, names: [], load: () => import("@/app/api/people/route") },
    { pattern: /^\/api\/webhooks$/, names: [], load: () => import("@/app/api/webhooks/route") },
    { pattern: /^\/api\/webhooks\/([^/]+)\/test$/, names: ["id"], load: () => import("@/app/api/webhooks/[id]/test/route") },
  ]);
});

afterAll(async () => {
  await served?.close();
  delete process.env.WEBHOOK_URL_HOSTS;
  resetEnvCache();
});

const peopleIds = async () => ((await api.get("/api/people", key)).body as { id: string; email: string }[]).map((p) => p.id);

describe("create-person.ts", () => {
  it("a retry with the same Idempotency-Key answers the same person, replayed, and creates nobody else", async () => {
    const before = await peopleIds();
    const email = uniqueEmail("typed");
    const result = await createPersonSafely({ baseUrl: served.origin, key, person: { first: "Ida", last: "Empotent", email } });
    expect(result.person).toMatchObject({ first: "Ida", last: "Empotent", email, district_id: d.id });
    expect(result.retry).toEqual(result.person);
    expect(result.replayed).toBe(true);
    expect(await peopleIds()).toHaveLength(before.length + 1);
  });
});

describe("page-people.ts", () => {
  it("every person once, in the list's order, in pages of the limit", async () => {
    for (let i = 0; i < 5; i++) await d.addPerson(null, { last: `Paged ${i}` });
    const all = await peopleIds();
    expect(all.length).toBeGreaterThanOrEqual(6);
    const pages: string[][] = [];
    for await (const page of pagesOfPeople({ baseUrl: served.origin, key, limit: 2 })) pages.push(page.map((p) => p.id));
    expect(pages).toHaveLength(Math.ceil(all.length / 2));
    expect(pages.every((page) => page.length === 2 || page === pages.at(-1))).toBe(true);
    expect(pages.flat()).toEqual(all);
  });
});

/** A port free now, to give the service the receiver's URL before the receiver (which needs the secret) starts. */
async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("verify-webhook.ts", () => {
  it("receives person.created from the service, verified with the endpoint's secret, once per event; refuses a forgery; the test event too", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/hooks`;
    // Registering an endpoint takes a signed-in administrator (API keys get 403): the admin's session token.
    const admin = createClient<paths>({ baseUrl: served.origin, headers: { Authorization: `Bearer ${d.admin.token}` } });
    const { data: endpoint, error } = await admin.POST("/api/webhooks", { body: { url, event_types: ["person.created"] } });
    expect(error).toBeUndefined();

    const events: { id: string; event: WebhookEvent }[] = [];
    const receiver = await receiveWebhooks({ secret: endpoint!.secret, port, onEvent: (event, id) => void events.push({ id, event }) });
    try {
      const { person } = await createPersonSafely({ baseUrl: served.origin, key, person: { first: "Webb", last: "Hook", email: uniqueEmail("typed-hook") } });
      await expect.poll(() => events.length, { timeout: 60_000, interval: 100 }).toBeGreaterThanOrEqual(1);
      const [got] = events;
      expect(got.id).toMatch(/^msg_/);
      expect(got.event).toMatchObject({ type: "person.created", data: { id: person.id, email: person.email } });

      // The same event again (as a retry would send it) is answered but not handled twice.
      const body = JSON.stringify(got.event);
      const send = (secret: string, id: string) => {
        const at = new Date();
        const signature = new Webhook(secret).sign(id, at, body);
        return fetch(url, {
          method: "POST",
          body,
          headers: { "webhook-id": id, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature },
        });
      };
      expect((await send(endpoint!.secret, got.id)).status).toBe(204);
      // Signed with another secret: refused, never handled.
      expect((await send(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, "msg_forged")).status).toBe(401);
      // The idempotent retry inside createPersonSafely sent no second event.
      expect(events).toHaveLength(1);

      // Send test event: the one event outside the document's webhooks, typed by the example.
      expect((await admin.POST("/api/webhooks/{id}/test", { params: { path: { id: endpoint!.id } } })).response.status).toBe(202);
      await expect.poll(() => events.length, { timeout: 60_000, interval: 100 }).toBe(2);
      expect(events[1].event).toMatchObject({ type: "webhook.test", data: { endpoint_id: endpoint!.id, message: expect.any(String) } });
    } finally {
      await receiver.close();
    }
  });
});
