import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";

/**
 * Settings › Webhooks, as an administrator uses it: an endpoint pointing at a receiver this spec
 * runs on 127.0.0.1 (allowed by WEBHOOK_URL_HOSTS in playwright.config.ts) is added and its secret
 * shown once; a test event reaches the receiver and shows in the delivery log with the answer's
 * code; it is redelivered, replayed, edited, its secret rotated, disabled, opened by the link of the
 * "endpoint disabled" e-mail (`?endpoint=<id>`), and deleted. Each state
 * is screenshotted and checked with axe at 1280 and 390 px.
 */

test.describe.configure({ mode: "serial", timeout: 300_000 });

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let server: http.Server;
let port = 0;

test.beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const stamp = Date.now().toString(36);

async function openWebhooks(page: Page) {
  await page.goto("/settings/webhooks");
  await expect(page.getByRole("heading", { level: 2, name: "Webhooks" })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
}

/** The secret in the "shown once" dialog, after checking it looks like one; the dialog is then closed. */
async function takeSecret(page: Page, title: string, screenName: string): Promise<string> {
  const dialog = page.getByRole("dialog", { name: title });
  const box = dialog.getByRole("textbox");
  await expect(box).toHaveValue(/^whsec_/);
  await expect(dialog).toContainText("It is shown only once");
  const secret = await box.inputValue();
  await screens(page, screenName);
  await dialog.getByRole("button", { name: "I have stored the secret" }).click();
  await expect(dialog).toBeHidden();
  return secret;
}

const rowsOf = (log: Locator, type: string) => log.getByRole("row").filter({ hasText: type });

test("an administrator adds a webhook endpoint, tests it, reads its delivery log, rotates its secret, disables and deletes it", async ({ page }) => {
  const url = `http://127.0.0.1:${port}/hooks/${stamp}`;
  await signIn(page, "admin@demo.test");
  await openWebhooks(page);
  await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Webhooks" })).toHaveAttribute("aria-current", "page");
  if (await page.getByText("No webhook endpoints yet").isVisible()) await screens(page, "webhooks-empty");

  // Add: what is missing is said first, then the endpoint is created and its secret shown once.
  await page.getByRole("button", { name: "New endpoint" }).click();
  const create = page.getByRole("dialog", { name: "New endpoint" });
  await create.getByRole("button", { name: "Add endpoint" }).click();
  await expect(create).toContainText("Enter the address that receives the events.");
  await expect(create).toContainText("Choose at least one event.");
  await create.getByLabel("Endpoint URL").fill(url);
  await create.getByLabel("Description (optional)").fill(`Student information system ${stamp}`);
  await create.getByRole("checkbox", { name: /A person was added/ }).check();
  await create.getByRole("checkbox", { name: /A person changed/ }).check();
  await screens(page, "webhooks-create-dialog");
  await create.getByRole("button", { name: "Add endpoint" }).click();
  const firstSecret = await takeSecret(page, "The endpoint's signing secret", "webhooks-secret-once");
  await expect(page.getByRole("button", { name: "New endpoint" })).toBeFocused();

  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: url }) });
  await expect(item).toContainText("Enabled");
  await expect(item).toContainText("person.created");
  await expect(item).toContainText("person.updated");
  await expect(item).toContainText("One secret signs each delivery.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await screens(page, "webhooks-list");

  // The delivery log: empty, then the test event, delivered with the receiver's 200.
  const disclosure = item.getByRole("button", { name: `Deliveries to ${url}` });
  await disclosure.click();
  await expect(disclosure).toHaveAttribute("aria-expanded", "true");
  const log = item.getByRole("region", { name: `Deliveries to ${url}` });
  await expect(log).toContainText("Nothing sent yet");
  await log.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByText(`A test event is on its way to ${url}.`)).toBeVisible();
  const tests = rowsOf(log, "webhook.test");
  await expect(tests).toHaveCount(1);
  await expect(tests.first()).toContainText("Delivered", { timeout: 30_000 });
  await expect(tests.first()).toContainText("HTTP 200");
  await expect(tests.first()).toContainText("Test");

  await expect.poll(() => received.length).toBe(1);
  const [first] = received;
  expect(first.path).toBe(`/hooks/${stamp}`);
  expect(first.headers["webhook-id"]).toBeTruthy();
  expect(first.headers["webhook-signature"]).toMatch(/^v1,/);
  expect(JSON.parse(first.body)).toMatchObject({ type: "webhook.test" });
  await screens(page, "webhooks-delivery-log");

  // Redeliver: the same event (same webhook-id) again, as a new line of the log.
  await tests
    .first()
    .getByRole("button", { name: /^Redeliver webhook\.test/ })
    .click();
  await expect(page.getByText("The event will be sent again.")).toBeVisible();
  await expect(tests).toHaveCount(2);
  await expect(tests.first()).toContainText("Delivered", { timeout: 30_000 });
  await expect.poll(() => received.length).toBe(2);
  expect(received[1].headers["webhook-id"]).toBe(first.headers["webhook-id"]);

  // Replay since…: the presets, with the moment they mean; the answer says how many were queued.
  await log.getByRole("button", { name: "Replay since…" }).click();
  const replay = page.getByRole("dialog", { name: "Replay events" });
  await expect(replay.getByRole("radio", { name: "24 hours ago" })).toBeChecked();
  await replay.getByRole("radio", { name: "7 days ago" }).check();
  await screens(page, "webhooks-replay-dialog");
  await replay.getByRole("button", { name: "Replay events" }).click();
  await expect(replay).toBeHidden();
  // The replay's own answer (the redelivery's "The event will be sent again." may still show beside it).
  await expect(page.getByText(/^(\d+ events? will be sent again\.|No events since then: nothing was sent\.)/)).toBeVisible();

  // Edit: the description and one more event.
  await item.getByRole("button", { name: `Edit ${url}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit endpoint" });
  await expect(edit.getByLabel("Endpoint URL")).toHaveValue(url);
  await expect(edit.getByRole("checkbox", { name: /A person was added/ })).toBeChecked();
  await edit.getByLabel("Description (optional)").fill(`Payroll ${stamp}`);
  await edit.getByRole("checkbox", { name: /An interview was published/ }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(item).toContainText(`Payroll ${stamp}`);
  await expect(item).toContainText("interview.published");

  // Rotate: a new secret, shown once; the old one keeps signing for 24 hours.
  await item.getByRole("button", { name: `Rotate secret of ${url}` }).click();
  const confirm = page.getByRole("dialog", { name: "Rotate the signing secret?" });
  await expect(confirm).toContainText("keeps signing beside it for 24 hours");
  await screens(page, "webhooks-rotate-confirm");
  await confirm.getByRole("button", { name: "Rotate secret" }).click();
  const shown = page.getByRole("dialog", { name: "New signing secret" });
  await expect(shown).toContainText("each delivery is signed with both the old and the new secret");
  const secondSecret = await takeSecret(page, "New signing secret", "webhooks-rotated-secret");
  expect(secondSecret).not.toBe(firstSecret);
  await expect(item).toContainText("Rotated: the previous secret also signs until");

  // Disable: nothing more is sent; replay and redelivery wait until it is enabled again.
  const toggle = item.getByRole("switch", { name: `Send events to ${url}` });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page.getByText(`No more events are sent to ${url}.`)).toBeVisible();
  await expect(item.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(item).toContainText("Disabled by an administrator on");
  await expect(log.getByRole("button", { name: "Replay since…" })).toBeDisabled();
  await expect(log.getByRole("button", { name: "Send test event" })).toBeEnabled();
  await screens(page, "webhooks-disabled");

  // The link of the "endpoint disabled" e-mail (/settings/webhooks?endpoint=<id>) opens this endpoint, its log shown.
  const listed = (await (await page.request.get("/api/webhooks")).json()) as { id: string; url: string }[];
  const id = listed.find((e) => e.url === url)!.id;
  await page.goto(`/settings/webhooks?endpoint=${id}`);
  await expect(item).toBeFocused();
  await expect(item.getByRole("region", { name: `Deliveries to ${url}` })).toBeVisible();
  await expect(rowsOf(item.getByRole("region", { name: `Deliveries to ${url}` }), "webhook.test")).toHaveCount(2);
  await screens(page, "webhooks-linked");
  // A link to an endpoint deleted since says so.
  await page.goto("/settings/webhooks?endpoint=deleted0");
  await expect(page.getByText("The endpoint this link names no longer exists: it was deleted.")).toBeVisible();
  await expect(page.getByRole("region", { name: `Deliveries to ${url}` })).toHaveCount(0);

  // Delete, after saying what it means.
  await item.getByRole("button", { name: `Delete ${url}` }).click();
  const remove = page.getByRole("dialog", { name: "Delete this endpoint?" });
  await expect(remove).toContainText("its delivery log is deleted");
  await remove.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(remove).toBeHidden();
  await expect(page.getByText(`The endpoint ${url} was deleted.`)).toBeVisible();
  await expect(page.getByRole("heading", { name: url })).toHaveCount(0);
});
