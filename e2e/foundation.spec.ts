import { expect, test } from "@playwright/test";
import { latestMailTo, linkIn, screens, signIn } from "./helpers";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("sign-in page, check-email page and the dev outbox", async ({ page }) => {
  await page.goto("/sign-in?error=Verification");
  await expect(page.getByText(/expired or has already been used/i)).toBeVisible();
  await page.getByRole("button", { name: /send.*link/i }).click();
  // The page has no script: the browser itself refuses an empty address, and nothing is sent.
  expect(await page.getByLabel("E-mail address").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(/\/sign-in\?error=Verification$/);
  await screens(page, "sign-in");

  const started = Date.now();
  await page.getByLabel("E-mail address").fill("board@demo.test");
  await page.getByLabel("E-mail address").press("Enter");
  await expect(page.getByRole("heading", { name: /check your e-mail/i })).toBeVisible({ timeout: 20_000 });
  await screens(page, "check-email");

  const mail = await latestMailTo("board@demo.test", started);
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await expect(page.getByRole("link", { name: linkIn(mail) })).toBeVisible();
  await screens(page, "outbox");
});

test("a visitor chooses Spanish on the sign-in page, and the pages after it keep the choice", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/sign-in?callbackUrl=%2Fmessages");
  const languages = page.getByRole("navigation", { name: "Language" });
  await expect(languages.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await languages.getByRole("link", { name: "español" }).click();

  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // The link keeps where the visitor was going.
  await expect(page.locator('input[name="callbackUrl"]')).toHaveValue("/messages");
  await screens(page, "sign-in-chosen-spanish");
  await page.getByLabel("Correo electrónico").fill(`stranger-${unique()}@example.test`);
  await page.getByRole("button", { name: "Enviar enlace de inicio de sesión" }).click();
  await expect(page.getByRole("heading", { name: "Revise su correo" })).toBeVisible();

  // The choice outlives the link: a later visit, with an English browser, is still in Spanish…
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
  // …until the visitor chooses English again.
  await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await context.close();
});

test("sign-in links go only to active people of a district", async ({ page, browser }) => {
  // An archived person, made through the API with the admin's browser session.
  await signIn(page, "admin@demo.test");
  const email = `archived-${unique()}@example.test`;
  const created = await page.request.post("/api/people", { data: { first: "Arch", last: "Ived", email } });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  expect((await page.request.patch(`/api/people/${id}`, { data: { archived: 1 } })).status()).toBe(200);

  // A stranger and the archived person see the same page as everyone, and get no e-mail.
  const anonymous = await (await browser.newContext()).newPage();
  const started = Date.now();
  for (const address of [`stranger-${unique()}@example.test`, email]) {
    await anonymous.goto("/sign-in");
    await anonymous.getByLabel("E-mail address").fill(address);
    await anonymous.getByRole("button", { name: /send.*link/i }).click();
    await expect(anonymous.getByRole("heading", { name: /check your e-mail/i })).toBeVisible();
  }
  // The link is sent before the check-e-mail page shows, so a short wait is enough.
  await expect(latestMailTo(email, started, 3_000)).rejects.toThrow();
  await anonymous.close();
});

test("admin manages a person, files and API keys", async ({ page, request }) => {
  // Many pages, each checked with axe at two widths: over a minute on a busy 2-core machine.
  test.setTimeout(240_000);
  await signIn(page, "admin@demo.test");
  // The start page is the people list itself, served at / (no redirect).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "People" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Demo District");
  await expect(page.getByRole("link", { name: "Cleo Candidate" })).toBeVisible();
  await screens(page, "people");

  // Search narrows the list: the server renders it for the filters in the address.
  await page.getByRole("searchbox", { name: "Search" }).fill("cleo");
  await expect(page.getByRole("link", { name: /Cleo Candidate/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Bea Board/ })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search" }).fill("");

  // New person: a duplicate e-mail is shown on the e-mail field, then a valid one is created.
  await page.getByRole("button", { name: "New person" }).click();
  const dialog = page.getByRole("dialog", { name: "New person" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First name").fill("Erin");
  await dialog.getByLabel("Last name").fill("Example");
  await dialog.getByLabel("E-mail").fill("admin@demo.test");
  await dialog.getByLabel("Primary role").selectOption({ label: "Candidate" });
  await screens(page, "new-person-dialog");
  await dialog.getByRole("button", { name: "Create person" }).click();
  await expect(dialog.getByText(/already exists/i)).toBeVisible();
  await expect(dialog.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  const email = `erin.${unique()}@example.test`;
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("E-mail").press("Enter");
  await expect(page).toHaveURL(/\/people\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { name: "Erin Example" })).toBeVisible();
  const personUrl = page.url();

  // Edit: name, a tag and a mentor, saved together.
  const details = page.getByRole("form", { name: "Person details" });
  await details.getByLabel("First name").fill("Erina");
  await details.getByText("2026 cohort").click();
  await details.getByText("Max Mentor").click();
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Erina Example" })).toBeVisible();
  await page.reload();
  await expect(details.getByLabel("First name")).toHaveValue("Erina");
  await expect(details.getByRole("checkbox", { name: "Max Mentor" })).toBeChecked();
  await expect(details.getByRole("checkbox", { name: "2026 cohort" })).toBeChecked();

  // Upload a file: the progress bar shows while the upload runs, then the file is listed.
  await page.route("**/api/people/*/uploads", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.getByTestId("file-input").setInputFiles({
    name: "reference-letter.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(2 * 1024 * 1024, 37),
  });
  await expect(page.getByRole("progressbar", { name: /Uploading reference-letter.pdf/ })).toBeVisible();
  const fileLink = page.getByRole("link", { name: "reference-letter.pdf" });
  await expect(fileLink).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.unroute("**/api/people/*/uploads");
  const download = await page.request.get((await fileLink.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect((await download.body()).length).toBe(2 * 1024 * 1024);

  // Invitation.
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await latestMailTo(email);
  await screens(page, "person");

  // API key: created in the UI, shown once, works, revoked in the UI, refused.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("navigation", { name: "Settings" })).toBeVisible();
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByRole("button", { name: "New API key" }).click();
  const keyDialog = page.getByRole("dialog", { name: "New API key" });
  await keyDialog.getByLabel("Name").fill("E2E integration");
  await expect(keyDialog.getByRole("checkbox", { name: /read:people/ })).toBeChecked();
  await screens(page, "new-api-key-dialog");
  await keyDialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown.getByText(/shown only once/i)).toBeVisible();
  const key = await shown.getByLabel(/API key for/).inputValue();
  expect(key).toMatch(/^cas_/);
  await screens(page, "api-key-created");
  await shown.getByRole("button", { name: "I have stored the key" }).click();
  await expect(shown).toHaveCount(0);
  const row = page.getByRole("row", { name: /E2E integration/ });
  await expect(row).toContainText(`…${key.slice(-4)}`);
  await expect(row).toContainText("read:people");

  const auth = { Authorization: `Bearer ${key}` };
  expect((await request.get("/api/people", { headers: auth })).status()).toBe(200);
  await page.reload();
  await expect(row.locator('td[data-label="Last used"]')).not.toHaveText("Never");
  await screens(page, "settings-keys");

  await row.getByRole("button", { name: "Revoke E2E integration" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("“E2E integration” was revoked.")).toBeVisible();
  await expect(page.getByRole("row", { name: /E2E integration/ })).toHaveCount(0);
  expect((await request.get("/api/people", { headers: auth })).status()).toBe(401);

  // Roles: a held role cannot be deleted, and the API's reason is shown.
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Roles" }).click();
  await page.getByRole("button", { name: "Delete Mentor" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete role" }).click();
  // Held by the demo mentor, and by anyone another spec gave the role (the CSV import does).
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText(/held by \d+ (person|people)/);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await screens(page, "settings-roles");

  // Tags: create, rename, delete.
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Tags" }).click();
  const tag = `Tag ${unique()}`;
  await page.getByLabel("New tag name").fill(tag);
  await page.getByLabel("New tag name").press("Enter");
  await expect(page.getByText(`Tag “${tag}” added.`)).toBeVisible();
  await page.getByRole("button", { name: `Rename ${tag}` }).click();
  await page.getByLabel(`New name for ${tag}`).fill(`${tag} renamed`);
  await page.getByLabel(`New name for ${tag}`).press("Enter");
  await expect(page.getByText("Tag renamed.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Rename ${tag} renamed` })).toBeVisible();
  await screens(page, "settings-tags");
  await page.getByRole("button", { name: `Delete ${tag} renamed` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete tag" }).click();
  await expect(page.getByRole("cell", { name: `${tag} renamed` })).toHaveCount(0);

  // Archive, then delete the person (typing the name).
  await page.goto(personUrl);
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Archived");
  await page.getByRole("button", { name: "Delete person" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Erina Example?" });
  await expect(confirm.getByRole("button", { name: "Delete permanently" })).toBeDisabled();
  await confirm.getByRole("textbox").fill("Erina Example");
  await confirm.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(page.getByText("Erina Example was deleted.")).toBeVisible();

  // Signing out ends the session.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto("/people");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a mentor sees only their candidate, read-only", async ({ page }) => {
  await signIn(page, "mentor@demo.test");
  await expect(page.getByRole("heading", { name: "Your candidates" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Cleo Candidate/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Ada Admin/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Bea Board/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New person" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveCount(0);
  await screens(page, "mentor-people");

  await page.getByRole("link", { name: /Cleo Candidate/ }).click();
  await expect(page.getByRole("heading", { name: "Cleo Candidate" })).toBeVisible();
  await expect(page.getByText("Read only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send invitation" })).toHaveCount(0);
  await screens(page, "mentor-person");

  await page.goto("/settings/keys");
  await expect(page.getByText(/Settings are for administrators/)).toBeVisible();
});
