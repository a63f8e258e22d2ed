import { expect, test } from "@playwright/test";
import { startOidcProvider } from "../tests/helpers/oidc-provider";
import { screens, signIn } from "./helpers";

/**
 * Sign-in with the district's accounts in the browser, against a real OpenID Connect provider
 * (`oidc-provider` on 127.0.0.1, allowed by OIDC_ISSUER_HOSTS in playwright.config.ts): an
 * administrator connects it in Settings › Single sign-on; on the link the district shares, a
 * person of the district signs in with "Sign in with …" and lands in the app; a stranger is sent
 * back to the sign-in page with the reason, in the page's language.
 */

test.describe.configure({ mode: "serial", timeout: 300_000 });

const CLIENT = { clientId: "cas-e2e", clientSecret: "e2e-client-secret" };
let idp: Awaited<ReturnType<typeof startOidcProvider>> | undefined;

test.afterAll(async () => {
  await idp?.close();
});

test("an administrator connects the district's provider; staff sign in with it, strangers are refused with the reason", async ({ page, browser, baseURL }) => {
  await signIn(page, "admin@demo.test");
  const me = await page.request.get("/api/me");
  const { district } = (await me.json()) as { district: { id: string } };
  idp = await startOidcProvider({ ...CLIENT, redirectUris: [`${baseURL}/api/auth/callback/oidc-${district.id}`] });

  await page.goto("/settings/sso");
  await expect(page.getByRole("heading", { level: 2, name: "Single sign-on" })).toBeVisible();
  await page.getByLabel("Provider").selectOption("other");
  await page.getByLabel("Issuer URL").fill(idp.issuer);
  await page.getByLabel("Button name").fill("Demo Accounts");
  await page.getByLabel("Client ID").fill(CLIENT.clientId);
  await page.getByLabel("Client secret").fill(CLIENT.clientSecret);
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("Single sign-on saved.")).toBeVisible();
  await expect(page.getByText(`${baseURL}/sign-in?district=${district.id}`)).toBeVisible();
  await screens(page, "sso-settings");

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  idp.logInAs({ sub: "admin-sub", email: "admin@demo.test", email_verified: true });
  await tab.goto(`/sign-in?district=${district.id}`);
  await screens(tab, "sso-sign-in");
  await tab.getByRole("button", { name: "Sign in with Demo Accounts" }).click();
  await tab.waitForURL((url) => url.pathname === "/");
  expect((await (await tab.request.get("/api/me")).json()).person.email).toBe("admin@demo.test");

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  idp.logInAs({ sub: "stranger-sub", email: "stranger@demo.test", email_verified: true });
  await other.goto(`/sign-in?district=${district.id}&lang=es`);
  await other.getByRole("button", { name: "Iniciar sesión con Demo Accounts" }).click();
  await other.waitForURL(/\/sign-in\?.*error=SsoNoAccount/);
  await expect(other.getByRole("alert")).toHaveText(/No hay una cuenta activa en este distrito/);
  await screens(other, "sso-refused");

  await Promise.all([visitor.close(), stranger.close()]);
  await page.goto("/settings/sso");
  await page.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Single sign-on disconnected.")).toBeVisible();
});
