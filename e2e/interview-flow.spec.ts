import { expect, test, type Browser } from "@playwright/test";
import { screens, signIn } from "./helpers";

/**
 * The whole interview story across three people, each in their own browser: an admin builds
 * a form with a private field, a board member fills and publishes an interview with it, and
 * the candidate reads it without the private field.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return { page, close: () => context.close() };
}

test("admin builds a form with a private field; board fills and publishes; the candidate sees it without that field", async ({ browser }) => {
  const formName = `Ethics panel ${unique()}`;
  const PUBLIC_ANSWER = "Thoughtful answers on confidentiality.";
  const PRIVATE_ANSWER = `Second opinion needed ${unique()}`;

  // 1. The admin builds the form.
  const admin = await signedIn(browser, "admin@demo.test");
  await admin.page.goto("/settings/forms");
  await admin.page.getByRole("button", { name: "New form" }).click();
  await admin.page.getByRole("dialog", { name: "New form" }).getByLabel("Name").fill(formName);
  await admin.page.getByRole("button", { name: "Create and add fields" }).click();
  await expect(admin.page.getByRole("heading", { name: formName })).toBeVisible();
  await admin.page.getByRole("button", { name: "Add field: Text" }).click();
  await admin.page.getByLabel("Label of field 1").fill("Panel summary");
  await admin.page.getByRole("button", { name: "Add field: Text" }).click();
  await admin.page.getByLabel("Label of field 2").fill("Panel concerns");
  await admin.page
    .getByRole("group", { name: /^Field 2:/ })
    .getByRole("checkbox", { name: /Private/ })
    .check();
  await admin.page.getByRole("button", { name: "Save form" }).click();
  await expect(admin.page.getByText("All changes saved")).toBeVisible();
  await admin.close();

  // 2. The board member holds the interview with it, fills both fields and publishes.
  const board = await signedIn(browser, "board@demo.test");
  await board.page.goto("/interviews");
  await board.page.getByRole("button", { name: "New interview" }).click();
  const dialog = board.page.getByRole("dialog", { name: "New interview" });
  await dialog.getByRole("searchbox").fill("Cleo");
  await dialog.getByLabel("Date", { exact: true }).fill("2027-01-20");
  await dialog.getByLabel("Form", { exact: true }).selectOption({ label: formName });
  await dialog.getByRole("button", { name: "Create interview" }).click();
  await expect(board.page).toHaveURL(/\/interviews\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/);
  const interviewPath = new URL(board.page.url()).pathname;
  await board.page.getByLabel("Panel summary").fill(PUBLIC_ANSWER);
  await board.page.getByLabel("Panel concerns").fill(PRIVATE_ANSWER);
  await board.page.getByLabel("Panel concerns").blur();
  await expect(board.page.getByText("All changes saved")).toBeVisible();
  await expect(board.page.locator(".badge", { hasText: "Private · visible to admins and board only" })).toHaveCount(1);
  await board.page.getByRole("button", { name: "Publish", exact: true }).click();
  await board.page.getByRole("dialog", { name: "Publish this interview?" }).getByRole("button", { name: "Publish", exact: true }).click();
  await expect(board.page.getByRole("heading", { level: 1 })).toContainText("Published");
  await board.close();

  // 3. The candidate reads it (in Spanish, her language; the form's labels are English only): the summary, never the private field or its answer.
  const candidate = await signedIn(browser, "candidate@demo.test");
  await candidate.page.goto("/interviews");
  await candidate.page.getByRole("link", { name: /20 ene 2027/ }).click();
  await expect(candidate.page).toHaveURL(new RegExp(`${interviewPath}$`));
  await expect(candidate.page.getByText(PUBLIC_ANSWER)).toBeVisible();
  await expect(candidate.page.getByText("Panel summary")).toBeVisible();
  await expect(candidate.page.getByText("Panel concerns")).toHaveCount(0);
  await expect(candidate.page.getByText(PRIVATE_ANSWER)).toHaveCount(0);
  // Read only: no field to write in (the recordings card is the audio feature's, checked by its own spec).
  await expect(candidate.page.getByRole("region", { name: "Respuestas" }).getByRole("textbox")).toHaveCount(0);
  await screens(candidate.page, "interview-flow-candidate");

  // And what the browser received holds no trace of it either.
  const api = await candidate.page.request.get(`/api${interviewPath}`);
  expect(api.status()).toBe(200);
  expect(JSON.stringify(await api.json())).not.toContain(PRIVATE_ANSWER);
  await candidate.close();
});
