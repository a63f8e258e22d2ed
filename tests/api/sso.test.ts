import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignInLink } from "@/lib/auth/sign-in-link";
import { db } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { api, BASE, call } from "../helpers/api";
import { makeDistrict, uniqueEmail, type TestDistrict } from "../helpers/fixtures";
import { captureLogs } from "../helpers/log-capture";
import { startOidcProvider, type OidcAccount } from "../helpers/oidc-provider";

/**
 * Sign-in with the district's accounts (issue 33) against a real OpenID Connect provider
 * (`oidc-provider` on a loopback port), through next-auth's own route handlers with their
 * cookies, as a browser goes: the sign-in form's POST, the provider's authorization and
 * automated login, the callback. And the settings API, the lookup, ending a person's sessions.
 */

const CLIENT = { clientId: "cas-test-client", clientSecret: "a-client-secret-of-the-district" };

let d: TestDistrict;
let other: TestDistrict;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;

const providerId = () => `oidc-${d.id}`;

beforeAll(async () => {
  process.env.OIDC_ISSUER_HOSTS = "127.0.0.1";
  resetEnvCache();
  [d, other] = await Promise.all([makeDistrict("SSO"), makeDistrict("SSO elsewhere")]);
  idp = await startOidcProvider({ ...CLIENT, redirectUris: [`${BASE}/api/auth/callback/oidc-${d.id}`] });
  const res = await api.put(`/api/settings/sso`, d.admin.token, {
    body: { issuer: idp.issuer, name: "District Accounts", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, domains: ["sso.example.test"] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

afterAll(async () => {
  await idp?.close();
  delete process.env.OIDC_ISSUER_HOSTS;
  resetEnvCache();
});

/** The cookies of one site, as a browser keeps them. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get = (name: string) => this.cookies.get(name);
  header = () => [...this.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
}

/**
 * The whole sign-in as a browser makes it: the sign-in page's form posts to next-auth, the browser
 * follows the provider's redirects (its login automated for `account`), and comes back to the
 * callback. Where it lands, and the session it holds then.
 */
async function signIn(account: OidcAccount, provider = providerId()) {
  idp.logInAs(account);
  const app = new CookieJar();
  const browser = new CookieJar();
  const csrf = await call("GET", "/api/auth/csrf");
  app.take(csrf.headers);
  const start = await call("POST", `/api/auth/signin/${provider}`, {
    rawBody: new URLSearchParams({ csrfToken: csrf.body.csrfToken, callbackUrl: `${BASE}/` }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: app.header() },
  });
  expect(start.status).toBe(302);
  app.take(start.headers);
  let location = start.headers.get("location")!;
  expect(location, "the sign-in goes to the provider's authorization endpoint").toMatch(new RegExp(`^${idp.issuer.replace(/[.]/g, "\\.")}/auth\\?`));
  const asked = new URL(location).searchParams;
  expect(asked.get("code_challenge_method")).toBe("S256");
  expect(asked.get("state")).toBeTruthy();
  expect(asked.get("nonce")).toBeTruthy();
  for (let hops = 0; location.startsWith(idp.issuer); hops++) {
    expect(hops).toBeLessThan(10);
    const res = await fetch(location, { redirect: "manual", headers: { cookie: browser.header() } });
    browser.take(res.headers);
    expect([302, 303], await res.clone().text()).toContain(res.status);
    location = new URL(res.headers.get("location")!, location).href;
  }
  for (let hops = 0; new URL(location).pathname.startsWith("/api/auth/"); hops++) {
    expect(hops).toBeLessThan(3);
    const res = await call("GET", location, { headers: { cookie: app.header() } });
    app.take(res.headers);
    expect(res.status).toBe(302);
    location = new URL(res.headers.get("location")!, BASE).href;
  }
  return { landed: new URL(location), session: app.get("next-auth.session-token") };
}

const accountFor = (email: string, extra: Partial<OidcAccount> = {}): OidcAccount => ({
  sub: `sub-${email}`,
  email,
  email_verified: true,
  name: "Test Person",
  ...extra,
});

/** Sign-in users with these e-mails (other test files create users in the same database meanwhile). */
const usersWith = (emails: string[]) => db().user.count({ where: { email: { in: emails, mode: "insensitive" } } });

const refusedWith = (landed: URL, code: string) => {
  expect(`${landed.origin}${landed.pathname}`).toBe(`${BASE}/sign-in`);
  expect(landed.searchParams.get("error")).toBe(code);
};

describe("sign-in through the district's OpenID Connect provider", () => {
  it("signs an existing person of the district in, binds the session to them, and creates nobody", async () => {
    const person = await d.addPerson("board");
    const [users, people] = await Promise.all([usersWith([person.email]), db().person.count({ where: { districtId: d.id } })]);
    const { landed, session } = await signIn(accountFor(person.email.toUpperCase()));
    expect(landed.href).toBe(`${BASE}/`);
    expect(session).toBeTruthy();
    const me = await api.get("/api/me", session);
    expect(me.status).toBe(200);
    expect(me.body.person.id).toBe(person.id);
    expect(await usersWith([person.email])).toBe(users);
    expect(await db().person.count({ where: { districtId: d.id } })).toBe(people);
    // The provider's account is never linked: the verified e-mail decides every time.
    expect(await db().account.count({ where: { provider: providerId() } })).toBe(0);
  });

  it("refuses an ID token for another audience, with a bad signature, or expired", async () => {
    const person = await d.addPerson("mentor");
    const reasons = { "wrong-audience": /aud mismatch/, "bad-signature": /failed to validate JWT signature/, expired: /JWT expired/ };
    for (const [tamper, reason] of Object.entries(reasons) as [keyof typeof reasons, RegExp][]) {
      idp.setTamper(tamper);
      const logs = captureLogs();
      try {
        const { landed, session } = await signIn(accountFor(person.email));
        refusedWith(landed, "OAuthCallback");
        expect(session, tamper).toBeUndefined();
        // Refused by next-auth's OpenID Connect client for that reason, and logged as such.
        expect(logs.lines.find((l) => l.msg === "sign-in refused")).toMatchObject({
          code: "OAUTH_CALLBACK_ERROR",
          provider: providerId(),
          reason: expect.stringMatching(reason),
        });
      } finally {
        logs.restore();
        idp.setTamper(null);
      }
    }
  });

  it("refuses an unverified e-mail, another district's person, an unknown person and an archived one, each with its reason", async () => {
    const person = await d.addPerson("board");
    const elsewhere = await other.addPerson("board");
    const archived = await d.addPerson("board", { archived: true });
    const cases: [OidcAccount, string][] = [
      [accountFor(person.email, { email_verified: false }), "SsoUnverifiedEmail"],
      [accountFor(elsewhere.email), "SsoOtherDistrict"],
      [accountFor(uniqueEmail("stranger")), "SsoNoAccount"],
      [accountFor(archived.email), "SsoNoAccount"],
    ];
    const emails = cases.map(([account]) => account.email);
    const users = await usersWith(emails);
    for (const [account, code] of cases) {
      const { landed, session } = await signIn(account);
      refusedWith(landed, code);
      expect(landed.searchParams.get("district")).toBe(d.id);
      expect(session).toBeUndefined();
    }
    expect(await usersWith(emails)).toBe(users);
  });

  it("follows the provider's new keys when it rotates them between two sign-ins", async () => {
    const person = await d.addPerson("board");
    expect((await signIn(accountFor(person.email))).session).toBeTruthy();
    const before = idp.keyId();
    await idp.restart({ newKeys: true });
    expect(idp.keyId()).not.toBe(before);
    const again = await signIn(accountFor(person.email));
    expect(again.landed.href).toBe(`${BASE}/`);
    expect((await api.get("/api/me", again.session)).body.person.id).toBe(person.id);
  });

  it("a sign-in at the provider does not reuse a session the browser already holds", async () => {
    const first = await d.addPerson("board");
    const second = await d.addPerson("board");
    const { session } = await signIn(accountFor(second.email));
    expect((await api.get("/api/me", session)).body.person.id).toBe(second.id);
    expect((await api.get("/api/me", first.token)).body.person.id).toBe(first.id);
  });
});

describe("require SSO for staff", () => {
  it("e-mail links then stay for candidates only", async () => {
    const staff = await d.addPerson("board");
    const candidate = await d.addPerson("candidate");
    const put = await api.put("/api/settings/sso", d.admin.token, {
      body: { issuer: idp.issuer, name: "District Accounts", client_id: CLIENT.clientId, domains: ["sso.example.test"], require_sso: 1 },
    });
    expect(put.status).toBe(200);
    expect(put.body.require_sso).toBe(1);
    try {
      const followLink = async (email: string) => {
        const res = await call("GET", await createSignInLink(BASE, email));
        expect(res.status).toBe(302);
        return new URL(res.headers.get("location")!, BASE);
      };
      const refused = await followLink(staff.email);
      refusedWith(refused, "SsoRequired");
      expect(refused.searchParams.get("district")).toBe(d.id);
      expect((await followLink(candidate.email)).href).toBe(`${BASE}/`);
      // Staff still sign in through the provider.
      expect((await signIn(accountFor(staff.email))).session).toBeTruthy();
    } finally {
      await api.put("/api/settings/sso", d.admin.token, {
        body: { issuer: idp.issuer, name: "District Accounts", client_id: CLIENT.clientId, domains: ["sso.example.test"], require_sso: 0 },
      });
    }
  });
});

describe("/api/settings/sso", () => {
  it("shows the connection without its secret, which is stored encrypted and audited only as changed", async () => {
    const res = await api.get("/api/settings/sso", d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "District Accounts",
      issuer: idp.issuer,
      client_id: CLIENT.clientId,
      has_secret: 1,
      domains: ["sso.example.test"],
      provider_id: providerId(),
      redirect_uri: `${BASE}/api/auth/callback/${providerId()}`,
      sign_in_url: `${BASE}/sign-in?district=${d.id}`,
    });
    expect(JSON.stringify(res.body)).not.toContain(CLIENT.clientSecret);
    const row = await db().ssoConnection.findUniqueOrThrow({ where: { districtId: d.id } });
    expect(row.clientSecret).not.toContain(CLIENT.clientSecret);
    expect(row.clientSecret.startsWith("v1.")).toBe(true);
    // A new secret: the audit trail says it changed, never what it is.
    const put = await api.put("/api/settings/sso", d.admin.token, {
      body: { issuer: idp.issuer, name: "District Accounts", client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret, domains: ["sso.example.test"] },
    });
    expect(put.status).toBe(200);
    const events = await db().auditEvent.findMany({ where: { districtId: d.id, recordType: "sso_connection" }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.action)).toContain("sso_connection.created");
    for (const event of events) expect(JSON.stringify(event.changes)).not.toContain(CLIENT.clientSecret);
    expect(events.at(-1)!.changes).toMatchObject({ client_secret: { changed: true } });
  });

  it("fills Google's and Microsoft's issuers from presets, and refuses what cannot be an issuer", async () => {
    const google = await api.put("/api/settings/sso", other.admin.token, {
      body: { preset: "google", client_id: "g", client_secret: "s", domains: ["elsewhere.example.test"] },
    });
    expect(google.status, JSON.stringify(google.body)).toBe(200);
    expect(google.body).toMatchObject({ name: "Google", issuer: "https://accounts.google.com", has_secret: 1 });
    const microsoft = await api.put("/api/settings/sso", other.admin.token, {
      body: { preset: "microsoft", tenant: "contoso.onmicrosoft.com", client_id: "m" },
    });
    expect(microsoft.body).toMatchObject({ name: "Microsoft", issuer: "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0" });
    expect((await api.put("/api/settings/sso", other.admin.token, { body: { preset: "microsoft", client_id: "m" } })).status).toBe(400);
    for (const issuer of ["http://idp.example.org", "https://10.0.0.5", "https://localhost:8443", "not a url"]) {
      const res = await api.put("/api/settings/sso", other.admin.token, { body: { issuer, name: "X", client_id: "x" } });
      expect(res.status, issuer).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
    // A domain belongs to one district.
    const taken = await api.put("/api/settings/sso", other.admin.token, { body: { preset: "google", client_id: "g", domains: ["sso.example.test"] } });
    expect(taken.status).toBe(409);
    expect((await api.delete("/api/settings/sso", other.admin.token)).body).toEqual({ ok: true });
    expect((await api.get("/api/settings/sso", other.admin.token)).status).toBe(404);
    expect((await api.delete("/api/settings/sso", other.admin.token)).status).toBe(404);
    // A new connection needs its secret.
    expect((await api.put("/api/settings/sso", other.admin.token, { body: { preset: "google", client_id: "g" } })).status).toBe(400);
  });

  it("is for administrators' sessions: 401 without a session, 403 for others and for API keys", async () => {
    const board = await d.addPerson("board");
    const settings = await d.addPersonWith(["settings"]);
    const key = await d.addKey(["read:people", "write:people"]);
    for (const method of ["GET", "PUT", "DELETE"]) {
      expect((await call(method, "/api/settings/sso", { body: method === "PUT" ? { preset: "google", client_id: "g" } : undefined })).status).toBe(401);
      expect((await call(method, "/api/settings/sso", { token: "not-a-session" })).status).toBe(401);
      for (const token of [board.token, settings.token, key.key]) {
        const res = await call(method, "/api/settings/sso", { token, body: method === "PUT" ? { preset: "google", client_id: "g" } : undefined });
        expect(res.status, method).toBe(403);
        expect(res.body.error.code).toBe("forbidden");
      }
    }
  });
});

describe("GET /api/auth/sso-lookup", () => {
  it("names the provider of an address's domain, or of a district's link, whoever asks and whether or not the person exists", async () => {
    const expected = { provider: { id: providerId(), name: "District Accounts", required_for_staff: 0 } };
    expect((await api.get(`/api/auth/sso-lookup?email=${encodeURIComponent("nobody@SSO.example.test")}`)).body).toEqual(expected);
    expect((await api.get(`/api/auth/sso-lookup?district=${d.id}`)).body).toEqual(expected);
    expect((await api.get(`/api/auth/sso-lookup?email=someone@elsewhere.example.test`)).body).toEqual({ provider: null });
    expect((await api.get(`/api/auth/sso-lookup?district=${other.id}`)).body).toEqual({ provider: null });
    expect((await api.get(`/api/auth/sso-lookup`)).body).toEqual({ provider: null });
  });
});

describe("DELETE /api/people/:id/sessions", () => {
  it("signs the person out everywhere; 404 for another district's person; 403 for non-admins; 401 without a session", async () => {
    const person = await d.addPerson("board");
    const second = await signIn(accountFor(person.email));
    expect((await api.get("/api/me", second.session)).status).toBe(200);
    const board = await d.addPerson("board");
    expect((await api.delete(`/api/people/${person.id}/sessions`, board.token)).status).toBe(403);
    expect((await api.delete(`/api/people/${person.id}/sessions`, (await d.addKey(["write:people"])).key)).status).toBe(403);
    expect((await api.delete(`/api/people/${person.id}/sessions`)).status).toBe(401);
    expect((await api.delete(`/api/people/${person.id}/sessions`, other.admin.token)).status).toBe(404);
    const res = await api.delete(`/api/people/${person.id}/sessions`, d.admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await api.get("/api/me", person.token)).status).toBe(401);
    expect((await api.get("/api/me", second.session)).status).toBe(401);
    expect((await api.get("/api/me", board.token)).status).toBe(200);
  });
});
