import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";

type OutboxMessage = { to: string; subject: string; text: string; sent_at: number };

/** The newest e-mail to `to` in the app's outbox (the app runs without SMTP in e2e). */
export async function latestMailTo(to: string, after = 0, timeout = 15_000): Promise<OutboxMessage> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
        for (const f of files) {
          const m = JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as OutboxMessage;
          if (m.to.toLowerCase() === to.toLowerCase() && m.sent_at >= after) return (found = m);
        }
        return undefined;
      },
      { timeout },
    )
    .toBeTruthy();
  return found!;
}

export const linkIn = (mail: OutboxMessage) => /(http\S+\/api\/auth\/callback\/email\S+)/.exec(mail.text)![1];

/** Asks for a sign-in link on the sign-in page, in whichever language it is shown, and waits for "check your e-mail". */
export async function requestLink(page: Page, email: string) {
  await page.goto("/sign-in");
  await page.locator("input[type=email]").fill(email);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL(/\/sign-in\/check-email/);
}

/** Signs in as a person through the real e-mail link flow. */
export async function signIn(page: Page, email: string) {
  const started = Date.now();
  await requestLink(page, email);
  const mail = await latestMailTo(email, started);
  await page.goto(linkIn(mail));
}

/** Where `screens` writes; E2E_SCREENS moves it (e.g. for a second run beside this one). */
const SCREENS = process.env.E2E_SCREENS ?? "test-results/screens";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** axe's experimental rules (axe-core 4.13) are checked too: label-content-name-mismatch found real problems here. */
const EXPERIMENTAL_RULES = Object.fromEntries(
  ["css-orientation-lock", "focus-order-semantics", "hidden-content", "label-content-name-mismatch", "p-as-heading", "table-fake-caption", "td-has-header"].map(
    (id) => [id, { enabled: true }],
  ),
);

/**
 * Fails on any axe violation on the page as it is now, naming the rule and the elements. Legacy
 * mode runs axe.run in the page itself: the default runs each frame's part there, then opens a
 * blank page to join them (axe.finishRun), which took 3–6 s of each check on a 2-core machine
 * against 1 s. What legacy mode leaves out, cross-origin frames, no page of the app has.
 */
async function checkA11y(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode().options({ rules: EXPERIMENTAL_RULES }).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
  expect(found, `axe on ${name} at ${page.viewportSize()?.width}px`).toEqual([]);
}

/**
 * E2E_SKIP_SCREENS=1 turns `screens` off. CI's second e2e run, the same suite with the app on
 * PostgreSQL, sets it: a page's markup does not depend on the database, and the first run has
 * already screenshotted and axe-checked every page that `screens` sees.
 */
const SKIP_SCREENS = process.env.E2E_SKIP_SCREENS === "1";
/** E2E_SKIP_SCREENSHOTS=1 keeps the axe checks at both sizes but writes no picture: CI, where nobody looks at them. */
const SKIP_SCREENSHOTS = process.env.E2E_SKIP_SCREENSHOTS === "1";

/**
 * The page as it is now, at desktop size and at a phone's size: a screenshot of each for
 * people to look at, and axe at each (any violation fails the test). `fullPage: false` keeps the
 * screenshot to the window, for pages too long to capture whole (the API reference).
 */
export async function screens(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (SKIP_SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  const size = page.viewportSize() ?? DESKTOP;
  for (const [label, viewport] of [
    ["desktop", DESKTOP],
    ["mobile", PHONE],
  ] as const) {
    // From the top, so the sticky header sits where a person sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.setViewportSize(viewport);
    await page.waitForTimeout(label === "desktop" ? 150 : 250);
    if (!SKIP_SCREENSHOTS) await page.screenshot({ path: `${SCREENS}/${name}-${label}.png`, fullPage });
    await checkA11y(page, name);
  }
  await page.setViewportSize(size);
  await page.waitForTimeout(150);
}
