import { expect, test } from "@playwright/test";
import { screens, signIn } from "./helpers";

/**
 * Settings › Audit trail, as an administrator uses it when a decision is questioned: a person is
 * changed, the trail filtered by that person shows the change as old → new; a click on a record
 * id narrows to that record, the filtered view is a link that opens the same way, the CSV
 * download carries the same filters; the date filters. A board member gets no link, a refusal
 * on the page, and a 403 from the API. Each state is screenshotted and checked with axe.
 */

test.describe.configure({ mode: "serial", timeout: 300_000 });

const stamp = Date.now().toString(36);
/** Today and yesterday as the district's calendar reads them (the app runs on this machine, in its zone). */
const dayOf = (ms: number) => new Date(ms).toLocaleDateString("en-CA");

test("an administrator finds who changed a person, and what", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  const made = await page.request.post("/api/people", { data: { first: "Ada", last: `Audit ${stamp}`, email: `ada-${stamp}@example.test` } });
  expect(made.status()).toBe(201);
  const person = (await made.json()) as { id: string };
  expect((await page.request.patch(`/api/people/${person.id}`, { data: { first: "Adaline" } })).status()).toBe(200);
  const me = ((await (await page.request.get("/api/me")).json()) as { person: { first: string; last: string } }).person;

  await page.goto("/settings/roles");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Audit trail" }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByRole("heading", { level: 2, name: "Audit trail" })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await expect(page.getByRole("table")).toBeVisible();
  await screens(page, "audit-all");

  // Filter by the person: their creation and the change, newest first, the change as old → new.
  const filters = page.getByRole("search", { name: "Filter the audit trail" });
  await filters.getByRole("combobox", { name: "About person" }).selectOption({ label: `Adaline Audit ${stamp}` });
  await expect(page).toHaveURL(new RegExp(`person=${person.id}`));
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Person changed");
  await expect(rows.first()).toContainText("first: Ada → Adaline");
  await expect(rows.first()).toContainText(`${me.first} ${me.last}`);
  await expect(rows.nth(1)).toContainText("Person created");
  await screens(page, "audit-person");

  // The download carries the same filters, and holds the same two events.
  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(href).toBe(`/api/audit.csv?person=${person.id}`);
  const csv = await (await page.request.get(href!)).text();
  expect(csv.trim().split("\r\n")).toHaveLength(3);
  expect(csv).toContain("person.updated");

  // The filtered view is a link: opened afresh, it shows the same.
  const linked = page.url();
  await page.goto(linked);
  await expect(rows).toHaveCount(2);
  await expect(filters.getByRole("combobox", { name: "About person" })).toHaveValue(person.id);

  // A record id narrows to that record (keyboard: focus it, Enter); Back returns to the person's view.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await rows.filter({ hasText: "first: Ada → Adaline" }).getByRole("button", { name: person.id }).first().press("Enter");
  await expect(page).toHaveURL(new RegExp(`record_type=person&record_id=${person.id}`));
  await expect(filters.getByRole("combobox", { name: "Record type" })).toHaveValue("person");
  await expect(filters.getByRole("textbox", { name: "Record id" })).toHaveValue(person.id);
  await expect(rows).toHaveCount(2);

  // Dates: from today on keeps them; up to yesterday leaves nothing, said plainly.
  await filters.getByLabel("From", { exact: true }).fill(dayOf(Date.now()));
  await expect(rows).toHaveCount(2);
  await filters.getByLabel("From", { exact: true }).fill("");
  await filters.getByLabel("To", { exact: true }).fill(dayOf(Date.now() - 86_400_000));
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
  await screens(page, "audit-empty");
});

test("the trail pages with Load more, each event once", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  // Enough events for more than one page of 50.
  const made = await page.request.post("/api/tags", { data: { name: `Paged ${stamp}` } });
  const tag = (await made.json()) as { id: string };
  for (let i = 0; i < 55; i++) expect((await page.request.patch(`/api/tags/${tag.id}`, { data: { name: `Paged ${stamp} ${i}` } })).status()).toBe(200);
  await page.goto(`/settings/audit?record_type=tag&record_id=${tag.id}`);
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(50);
  await expect(page.getByText("50 events shown")).toBeVisible();
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(56);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  await expect(page.getByText("That is every event for these filters.")).toBeVisible();
  await expect(rows.last()).toContainText("Tag created");
  await expect(rows.first()).toContainText(`Paged ${stamp} 54`);
});

test("a board member has no audit trail: no link, a refusal, a 403", async ({ page }) => {
  await signIn(page, "board@demo.test");
  await page.goto("/settings/audit");
  await expect(page.getByRole("link", { name: "Audit trail" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Settings are for administrators" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await screens(page, "audit-board-refused");
  const res = await page.request.get("/api/audit");
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
  expect((await page.request.get("/api/audit.csv")).status()).toBe(403);
});
