import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";

/**
 * What a district's IT staff use to wire the service into their systems, in the browser: a CSV
 * import through the people page (preview, apply, the new people in the list) and its export,
 * a key rotation with a grace period, and the API reference page. Each new dialog and page is
 * screenshotted and checked with axe at 1280 and 390 px.
 */

// axe on the reference pages (thousands of elements, at two sizes) takes minutes on a loaded 2-core machine.
test.describe.configure({ mode: "serial", timeout: 360_000 });

const stamp = Date.now().toString(36);
const csv = [
  "first,last,email,language,primary_role,other_roles,tags,archived",
  `Imogen,Importer-${stamp},imogen-${stamp}@example.test,en,Candidate,,,0`,
  `"Iñaki","Importer-${stamp}",inaki-${stamp}@example.test,es,Candidate,Mentor,,0`,
].join("\r\n");

async function openPeople(page: Page) {
  await page.goto("/people");
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
}

test("imports people from a CSV file through the people page: preview, apply, and they are listed", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openPeople(page);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import people from a CSV file" });
  await expect(dialog).toBeVisible();
  await screens(page, "import-dialog-empty");

  await dialog.getByLabel("CSV file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await dialog.getByRole("button", { name: "Check file" }).click();
  await expect(dialog.getByRole("heading", { name: /What this file would do/ })).toBeVisible();
  await expect(dialog.getByRole("listitem").filter({ hasText: "new" })).toContainText("2");
  await screens(page, "import-dialog-preview");

  await dialog.getByRole("button", { name: "Import 2 people" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Import done: 2 new, 0 updated.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill(`Importer-${stamp}`);
  const list = page.getByRole("list", { name: "People" });
  await expect(list.getByRole("link", { name: /Imogen/ })).toBeVisible();
  await expect(list.getByRole("link", { name: /Iñaki/ })).toBeVisible();

  // The export link carries the page's filters, and downloads what the list shows.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", `/api/people.csv?q=Importer-${stamp}`);
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toBe("people.csv");
  const body = fs.readFileSync((await download.path())!, "utf8");
  expect(body).toContain(`imogen-${stamp}@example.test`);
  expect(body).toContain(`inaki-${stamp}@example.test`);
  expect(body.trim().split("\r\n")).toHaveLength(3);
});

test("a refused row is shown in the preview, and nothing can be imported", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await openPeople(page);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import people from a CSV file" });
  const bad = `first,last,email,primary_role\nBad,Row-${stamp},not-an-email,Astronaut\n`;
  await dialog.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await dialog.getByRole("button", { name: "Check file" }).click();
  const refused = dialog.getByRole("table", { name: "Rows that cannot be imported" });
  await expect(refused).toContainText("No role is named “Astronaut”.");
  await expect(dialog.getByRole("button", { name: "Nothing to import" })).toBeDisabled();
  await screens(page, "import-dialog-refused");
});

test("rotates an API key with a grace period: the new secret is shown once, the old one's end is listed", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/keys");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  const name = `Rotation ${stamp}`;
  await page.getByRole("button", { name: "New API key" }).click();
  const create = page.getByRole("dialog", { name: "New API key" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("button", { name: "I have stored the key" }).click();

  await page.getByRole("button", { name: `Rotate ${name}` }).click();
  const rotate = page.getByRole("dialog", { name: `Rotate “${name}”?` });
  await expect(rotate.getByRole("radio", { name: "For 24 hours" })).toBeChecked();
  await rotate.getByRole("radio", { name: "For 3 days" }).check();
  await screens(page, "rotate-key-dialog");
  await rotate.getByRole("button", { name: "Rotate key" }).click();

  const shown = page.getByRole("dialog", { name: `New secret for “${name}”` });
  await expect(shown.getByRole("textbox")).toHaveValue(/^cas_/);
  await expect(shown).toContainText("keeps working until");
  await screens(page, "rotate-key-new-secret");
  await shown.getByRole("button", { name: "I have stored the key" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Earlier secret");
  await expect(row).toContainText("Not used since the rotation.");
  await screens(page, "keys-after-rotation");
});

test("the API reference page renders from the OpenAPI document and lists the endpoints", async ({ page }) => {
  await page.goto("/api/reference");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  const people = page.getByRole("region", { name: "People" });
  const create = people.getByRole("row").filter({ hasText: "POST /api/people" }).first();
  await expect(create).toContainText("people:edit");
  await expect(create).toContainText("write:people");
  await expect(page.getByRole("heading", { name: "Idempotent retries" })).toBeVisible();
  await screens(page, "api-reference");

  await create.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();
  const operation = page.locator("#op-createperson");
  await expect(operation.getByRole("heading", { level: 3 })).toContainText("POST /api/people");
  await expect(operation.getByRole("table").last()).toContainText("422");
  await screens(page, "api-reference-people");
});
