import { expect, test } from "@playwright/test";
import yauzl from "yauzl";
import { screens, signIn } from "./helpers";

/**
 * A person's data, from their page, as an administrator handles a request: "Download their data
 * (ZIP)" saves an archive holding person.json and a README; "Erase this person…" explains what
 * goes and what stays, unlocks only once their e-mail is typed, then returns to the people list
 * with a notice, and the person is gone from it. Settings › Retention: the three periods, saved,
 * and what the next run will delete. Each state is screenshotted and checked with axe.
 */

test.describe.configure({ mode: "serial", timeout: 300_000 });

const stamp = Date.now().toString(36);

/** The names of the files in a ZIP archive. */
function entriesOf(archive: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      zip.on("entry", (entry: yauzl.Entry) => (names.push(entry.fileName), zip.readEntry()));
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

test("an administrator downloads a person's data, then erases them", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const email = `erin-${stamp}@example.test`;
  const made = await page.request.post("/api/people", { data: { first: "Erin", last: `Erasable ${stamp}`, email } });
  expect(made.status()).toBe(201);
  const person = (await made.json()) as { id: string };

  await page.goto(`/people/${person.id}`);
  const card = page.getByRole("region", { name: "Their data" });
  await expect(card).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await screens(page, "person-data-card");

  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Download their data (ZIP)" }).click()]);
  expect(download.suggestedFilename()).toBe(`person-${person.id}.zip`);
  const saved = await download.path();
  const entries = await entriesOf(Buffer.from(await (await import("node:fs/promises")).readFile(saved!)));
  expect(entries).toEqual(expect.arrayContaining(["README.txt", "person.json", "messages.json"]));

  await card.getByRole("button", { name: "Erase this person…" }).click();
  const dialog = page.getByRole("dialog", { name: `Erase Erin Erasable ${stamp}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("the fact of each interview and its decision");
  const confirm = dialog.getByRole("button", { name: "Erase for good" });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox").fill("someone@example.test");
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox").fill(email);
  await screens(page, "person-erase-dialog");
  await confirm.click();

  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByRole("status").filter({ hasText: `Erin Erasable ${stamp} was erased.` })).toBeVisible();
  await expect(page.getByText(`Erasable ${stamp}`)).toHaveCount(0);
  const after = (await (await page.request.get(`/api/people/${person.id}`)).json()) as { first: string; email: string };
  expect(after.first).toBe("Erased");
  expect(after.email).not.toContain("erin");
});

test("an administrator sets how long records are kept, and sees what the next run deletes", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/roles");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Retention" }).click();
  await expect(page).toHaveURL(/\/settings\/retention$/);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "The next run" })).toContainText("0 recordings");
  await screens(page, "retention-forever");

  const messages = page.getByRole("group", { name: "Messages" });
  await messages.getByRole("combobox", { name: "Unit" }).selectOption("years");
  await messages.getByRole("textbox", { name: "Amount" }).fill("0");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(messages.getByText("Enter a whole number of at least 1.")).toBeVisible();
  await screens(page, "retention-invalid");
  await messages.getByRole("textbox", { name: "Amount" }).fill("10");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Retention settings saved.")).toBeVisible();
  expect(((await (await page.request.get("/api/settings/retention")).json()) as { messages_days: number }).messages_days).toBe(3650);

  await page.reload();
  await expect(page.getByRole("group", { name: "Messages" }).getByRole("textbox", { name: "Amount" })).toHaveValue("10");
  await expect(page.getByRole("group", { name: "Messages" }).getByRole("combobox", { name: "Unit" })).toHaveValue("years");
  // Back to the demo's forever, for the other specs.
  await page.getByRole("group", { name: "Messages" }).getByRole("combobox", { name: "Unit" }).selectOption("forever");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Retention settings saved.")).toBeVisible();
});
