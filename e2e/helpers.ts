import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";

type OutboxMessage = { to: string; subject: string; text: string; sent_at: number };

/** The newest e-mail to `to` in the app's outbox (the app runs without SMTP in e2e). */
export async function latestMailTo(to: string, after = 0, timeout = 15_000): Promise<OutboxMessage> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  let found: OutboxMessage | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
      for (const f of files) {
        const m = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as OutboxMessage;
        if (m.to.toLowerCase() === to.toLowerCase() && m.sent_at >= after) return (found = m);
      }
      return undefined;
    }, { timeout })
    .toBeTruthy();
  return found!;
}

export const linkIn = (mail: OutboxMessage) => /(http\S+\/api\/auth\/callback\/email\S+)/.exec(mail.text)![1];

/** Signs in as a person through the real e-mail link flow. */
export async function signIn(page: Page, email: string) {
  const started = Date.now();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: /send.*link/i }).click();
  await expect(page.getByRole("heading", { name: /check your e-mail/i })).toBeVisible();
  const mail = await latestMailTo(email, started);
  await page.goto(linkIn(mail));
}

/** Where `screens` writes; E2E_SCREENS moves it (e.g. for a second run beside this one). */
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

/** The page as it is now, at desktop size and at a phone's size, for people to look at. */
export async function screens(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  // From the top, so the sticky header sits where a person sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${SCREENS}/${name}-mobile.png`, fullPage: true });
  await page.setViewportSize(size);
  await page.waitForTimeout(150);
}
