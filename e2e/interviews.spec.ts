import { expect, test, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";

// The demo district (seeded fresh for each run): Cleo Candidate has a published interview on
// 2026-10-14 and a draft on 2026-12-02, both with the "Credentials board" and the
// "Initial credential" profile (form "Credential board interview", private "Board's private notes").
// Cleo reads in Spanish; the others in English.
const PUBLISHED = /Oct 14, 2026/;
const DRAFT = /Dec 2, 2026/;
const PUBLISHED_ES = /14 oct 2026/;
const DRAFT_ES = /2 dic 2026/;
const PRIVATE_LABEL = "Board's private notes";
const PRIVATE_TEXT = /missing transcript/;

const interviewsList = (page: Page) => page.getByRole("list", { name: "Interviews" });

test("a board member creates an interview, fills every field with autosave, previews and publishes it", async ({ page }) => {
  await signIn(page, "board@demo.test");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Interviews" }).click();
  await expect(page.getByRole("heading", { name: "Interviews", exact: true })).toBeVisible();
  await expect(interviewsList(page).getByRole("link", { name: PUBLISHED })).toBeVisible();
  await expect(interviewsList(page).getByRole("link", { name: DRAFT })).toContainText("Draft");
  await screens(page, "interviews-list-staff");

  // New interview: the candidate found by typing, the profile brings its form.
  await page.getByRole("button", { name: "New interview" }).click();
  const dialog = page.getByRole("dialog", { name: "New interview" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("searchbox").fill("cleo");
  const candidate = dialog.getByRole("combobox", { name: "Candidate" });
  await expect(candidate.locator("option:checked")).toHaveText("Cleo Candidate");
  await dialog.getByLabel("Date", { exact: true }).fill("2027-03-09");
  await dialog.getByLabel("Profile", { exact: true }).selectOption({ label: "Initial credential" });
  await expect(dialog.getByLabel("Form", { exact: true }).locator("option:checked")).toHaveText("Credential board interview");
  await dialog.getByLabel("Board", { exact: true }).selectOption({ label: "Credentials board" });
  await screens(page, "new-interview-dialog");
  await dialog.getByRole("button", { name: "Create interview" }).click();
  await expect(page).toHaveURL(/\/interviews\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("Cleo Candidate");
  await expect(heading).toContainText("Draft");
  await expect(page.getByText("March 9, 2027", { exact: true })).toBeVisible();
  await expect(page.getByText("Tuesday, March 9, 2027")).toBeVisible(); // the date field's day, written out
  await expect(page.getByText("Changes save automatically")).toBeVisible();

  // Every field type: dropdown and checkbox save at once, text after a pause, files upload with progress.
  await page.getByLabel("Recommendation", { exact: true }).selectOption({ label: "Recommend" });
  await expect(page.getByText("All changes saved")).toBeVisible();
  await page.getByLabel("Strengths").fill("Calm, precise answers about ethics.");
  await expect(page.getByText("Saving…")).toBeVisible();
  await page.getByLabel("All documents received").check();
  await page.getByLabel(PRIVATE_LABEL).fill("Check the second reference before the vote.");
  await expect(page.locator('[data-field="board_notes"]').getByText("Private · visible to admins and board only")).toBeVisible();

  await page.route("**/api/interviews/*/*/files", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.getByTestId("file-input-supporting_files").setInputFiles({
    name: "ethics-certificate.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(200 * 1024, 37),
  });
  await expect(page.getByRole("progressbar", { name: /Uploading ethics-certificate.pdf/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "ethics-certificate.pdf" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.unroute("**/api/interviews/*/*/files");
  await expect(page.getByText("All changes saved")).toBeVisible();

  // Too large: the server's 413 is said plainly, and the upload row can be dismissed.
  await page.route("**/api/interviews/*/*/files", (route) =>
    route.fulfill({
      status: 413,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "payload_too_large", message: "The request body is larger than the limit of 25 MB." } }),
    }),
  );
  await page.getByTestId("file-input-supporting_files").setInputFiles({ name: "huge-scan.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(1024, 1) });
  await expect(page.getByRole("alert").filter({ hasText: "huge-scan.pdf is too large to upload" })).toContainText("limit of 25 MB");
  await page.unroute("**/api/interviews/*/*/files");
  await page.getByRole("button", { name: "Dismiss huge-scan.pdf" }).click();
  await expect(page.getByText("huge-scan.pdf")).toHaveCount(0);

  // A failed save keeps the typed text and offers Retry.
  await page.route("**/api/interviews/*/*", (route) => (route.request().method() === "PATCH" ? route.fulfill({ status: 503, body: "" }) : route.continue()));
  await page.getByLabel("Strengths").fill("Calm, precise answers about ethics. Strong references.");
  await page.getByLabel("Strengths").blur();
  await expect(page.getByText("Could not save —")).toBeVisible();
  await expect(page.locator('[data-field="strengths"]').getByText(/Not saved/)).toBeVisible();
  await expect(page.getByLabel("Strengths")).toHaveValue("Calm, precise answers about ethics. Strong references.");
  await page.unroute("**/api/interviews/*/*");
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await screens(page, "interview-editor");

  // Everything persisted.
  await page.reload();
  await expect(page.getByLabel("Recommendation", { exact: true })).toHaveValue("1");
  await expect(page.getByLabel("Strengths")).toHaveValue("Calm, precise answers about ethics. Strong references.");
  await expect(page.getByLabel("All documents received")).toBeChecked();
  await expect(page.getByLabel(PRIVATE_LABEL)).toHaveValue("Check the second reference before the vote.");
  await expect(page.getByRole("link", { name: "ethics-certificate.pdf" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recordings" })).toContainText("No recordings yet");

  // Preview as the candidate: no private field; as the mentor: names Max Mentor.
  await page.getByRole("button", { name: "Preview as candidate" }).click();
  const preview = page.getByRole("region", { name: "Candidate’s view" });
  await expect(preview.getByText("Cleo will see this once you publish.")).toBeVisible();
  await expect(preview.getByText("Calm, precise answers about ethics. Strong references.")).toBeVisible();
  // Shown in Cleo's language: the form's Spanish texts.
  await expect(preview.getByText("Recomendar", { exact: true })).toBeVisible();
  await expect(preview.getByText("Shown in Spanish, their language.")).toBeVisible();
  await expect(preview.getByText("Yes", { exact: true })).toBeVisible();
  await expect(preview.getByRole("link", { name: "ethics-certificate.pdf" })).toBeVisible();
  await expect(page.getByText(PRIVATE_LABEL)).toHaveCount(0);
  await expect(page.getByText("Check the second reference")).toHaveCount(0);
  await expect(preview.getByRole("textbox")).toHaveCount(0);
  await screens(page, "interview-preview-candidate");
  await page.getByRole("button", { name: "Preview as mentor" }).click();
  await expect(page.getByRole("region", { name: "Mentor’s view" })).toContainText("Max Mentor");
  await expect(page.getByText(PRIVATE_LABEL)).toHaveCount(0);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByLabel(PRIVATE_LABEL)).toBeVisible();

  // Publish, confirmed.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Publish this interview?" });
  await expect(confirm).toContainText("Cleo Candidate and their mentor Max Mentor will then see it without the private field");
  await confirm.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(heading).toContainText("Published");
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await page.getByRole("button", { name: "Preview as candidate" }).click();
  await expect(page.getByText("Cleo can see this now.")).toBeVisible();

  // The date moves with autosave too.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Date", { exact: true }).fill("2027-03-10");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByText("March 10, 2027", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("2027-03-10");
});

test("a candidate sees only her published interviews, without private fields, read only, in her language", async ({ page }) => {
  await signIn(page, "candidate@demo.test");
  await page.goto("/interviews");
  await expect(page.getByRole("heading", { name: "Sus entrevistas" })).toBeVisible();
  const list = page.getByRole("list", { name: "Entrevistas" });
  await expect(list.getByRole("link", { name: PUBLISHED_ES })).toBeVisible();
  await expect(list.getByRole("link", { name: DRAFT_ES })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Nueva entrevista" })).toHaveCount(0);
  // No district-wide filters for her: only her dates.
  for (const name of ["Estado", "Junta", "Candidato"]) await expect(page.getByLabel(name, { exact: true })).toHaveCount(0);
  await screens(page, "interviews-list-candidate");

  await list.getByRole("link", { name: PUBLISHED_ES }).click();
  await expect(page.getByRole("heading", { name: /Su entrevista/ })).toBeVisible();
  await expect(page.getByText("Recomendar con condiciones")).toBeVisible();
  await expect(page.getByText(/strong references from both supervisors/)).toBeVisible();
  await expect(page.getByText("Escrito en inglés.")).toBeVisible();
  await expect(page.getByText(PRIVATE_LABEL)).toHaveCount(0);
  await expect(page.getByText("Notas privadas de la junta")).toHaveCount(0);
  await expect(page.getByText(PRIVATE_TEXT)).toHaveCount(0);
  await expect(page.getByText("Sin respuesta")).toBeVisible(); // the file field
  const answers = page.getByRole("region", { name: "Respuestas" });
  for (const role of ["textbox", "checkbox", "combobox"] as const) await expect(answers.getByRole(role)).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Publicar|Eliminar|Vista previa|Añadir archivos/ })).toHaveCount(0);
  await screens(page, "interview-candidate");

  // An id she may not see (or that does not exist) is "not found", with a heading and a way back.
  const url = new URL(page.url());
  await page.goto(url.pathname.replace(/\/[^/]+$/, "/not-an-interview"));
  await expect(page.getByRole("heading", { level: 1, name: "Entrevista no encontrada" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver a su página de inicio" })).toBeVisible();
  await screens(page, "interview-not-found");
});

test("a mentor sees his candidate's published interviews only", async ({ page }) => {
  await signIn(page, "mentor@demo.test");
  await page.goto("/interviews");
  await expect(page.getByRole("heading", { name: "Your candidates’ interviews" })).toBeVisible();
  const row = interviewsList(page).getByRole("link", { name: PUBLISHED });
  await expect(row).toContainText("Cleo Candidate");
  await expect(interviewsList(page).getByRole("link", { name: DRAFT })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "New interview" })).toHaveCount(0);
  await screens(page, "interviews-list-mentor");

  await row.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cleo Candidate");
  await expect(page.getByText("Recommend with conditions")).toBeVisible();
  await expect(page.getByText(PRIVATE_LABEL)).toHaveCount(0);
  await expect(page.getByText(PRIVATE_TEXT)).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Answers" }).getByRole("textbox")).toHaveCount(0);
  await screens(page, "interview-mentor");
});

test("an interview's page and a person's page name whom they show without the district's whole people list", async ({ page }) => {
  // In a district of 10,000 people that list is megabytes: each page asks only for whom it names
  // (?ids=) and, on a person's page, for the mentors to choose from (?role_kind=mentor).
  const peopleRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/people") peopleRequests.push(url.search);
  });
  /** The page's HTML as the server sends it (its prefetched answers inside): the admin is named nowhere on either page. */
  const expectNoStranger = async () => {
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain("Cleo");
    expect(html).not.toContain("admin@demo.test");
  };
  await signIn(page, "board@demo.test");
  await page.goto("/interviews");
  await interviewsList(page).getByRole("link", { name: DRAFT }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cleo Candidate");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Publish this interview?" });
  await expect(confirm).toContainText("Cleo Candidate and their mentor Max Mentor");
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expectNoStranger();

  await page.getByRole("heading", { level: 1 }).getByRole("link", { name: "Cleo Candidate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cleo Candidate" })).toBeVisible();
  // Read-only for a board member: the assigned mentor by name.
  await expect(page.getByRole("form", { name: "Person details" })).toContainText("Max Mentor");
  await expectNoStranger();
  expect(peopleRequests.filter((search) => !search.includes("ids=") && !search.includes("role_kind=mentor"))).toEqual([]);
});

test("the admin filters the interviews list, and starts one from a person's page", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/interviews");
  const list = interviewsList(page);
  await expect(list.getByRole("link", { name: PUBLISHED })).toBeVisible();
  await expect(list.getByRole("link", { name: DRAFT })).toBeVisible();

  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Draft" });
  await expect(list.getByRole("link", { name: DRAFT })).toBeVisible();
  await expect(list.getByRole("link", { name: PUBLISHED })).toHaveCount(0);
  await expect(page).toHaveURL(/status=draft/);
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Published" });
  await expect(list.getByRole("link", { name: PUBLISHED })).toBeVisible();
  await expect(list.getByRole("link", { name: DRAFT })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "All" });

  // Other specs may add interviews without a board; the demo's two have one.
  await page.getByRole("combobox", { name: "Board" }).selectOption({ label: "No board" });
  await expect(list.getByRole("link", { name: PUBLISHED })).toHaveCount(0);
  await expect(list.getByRole("link", { name: DRAFT })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Board" }).selectOption({ label: "Credentials board" });
  await expect(list.getByRole("link", { name: PUBLISHED })).toBeVisible();
  await expect(list.getByRole("link", { name: DRAFT })).toBeVisible();

  await page.getByLabel("From", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).fill("2026-12-31");
  await expect(list.getByRole("link", { name: DRAFT })).toBeVisible();
  await expect(list.getByRole("link", { name: PUBLISHED })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Candidate" }).fill("nobody");
  await expect(page.getByText("No interviews match")).toBeVisible();
  await page.getByRole("searchbox", { name: "Candidate" }).fill("cleo cand");
  await expect(list.getByRole("link", { name: DRAFT })).toBeVisible();
  await screens(page, "interviews-list-filtered");

  // The filters are in the URL: a reload (or a shared link) keeps them.
  await page.reload();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-11-01");
  await expect(page.getByRole("searchbox", { name: "Candidate" })).toHaveValue("cleo cand");
  await expect(list.getByRole("link", { name: PUBLISHED })).toHaveCount(0);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(list.getByRole("link", { name: PUBLISHED })).toBeVisible();

  // From Cleo's page: "New interview" opens the dialog with her chosen.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "People" }).click();
  await expect(page).toHaveURL(/\/people$/);
  await page
    .getByRole("list", { name: "People" })
    .getByRole("link", { name: /Cleo Candidate/ })
    .click();
  const card = page.getByRole("region", { name: "Interviews" });
  await expect(card.getByRole("link", { name: /October 14, 2026/ })).toContainText("Credentials board");
  await card.getByRole("link", { name: "New interview" }).click();
  const dialog = page.getByRole("dialog", { name: "New interview" });
  await expect(dialog.getByRole("combobox", { name: "Candidate" }).locator("option:checked")).toHaveText("Cleo Candidate");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/new=/);

  // An interview without a form says so; deleting it goes back to the list.
  await page.getByRole("button", { name: "New interview" }).click();
  await dialog.getByRole("combobox", { name: "Candidate" }).selectOption({ label: "Cleo Candidate" });
  await dialog.getByLabel("Date", { exact: true }).fill("2025-01-15");
  await dialog.getByRole("button", { name: "Create interview" }).click();
  await expect(page.getByText("This interview was created without a form, so there is nothing to fill in.")).toBeVisible();
  await page.getByRole("button", { name: "Delete interview" }).click();
  await page.getByRole("dialog", { name: "Delete this interview?" }).getByRole("button", { name: "Delete interview" }).click();
  await expect(page).toHaveURL(/\/interviews$/);
  await expect(page.getByText("Interview deleted.")).toBeVisible();
  await expect(interviewsList(page).getByRole("link", { name: /Jan 15, 2025/ })).toHaveCount(0);
});
