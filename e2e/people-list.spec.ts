import { expect, test } from "@playwright/test";
import { screens, signIn } from "./helpers";

/**
 * The people list is rendered on the server a page at a time, from the filters in its address:
 * typing, a role and the archived switch change the address, the list follows, and the next
 * page is a link away. A reload or a shared link shows the same list.
 */
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const LAST = `Pager${stamp}`;
const COUNT = 105;

test("searches, filters and pages the people list through its address", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin@demo.test");
  const header = "first,last,email,language,primary_role,other_roles,tags,archived";
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const n = String(i).padStart(3, "0");
    return `Row${n},${LAST},pager-${stamp}-${n}@example.test,en,${i === 0 ? "Mentor" : "Candidate"},,,${i === 1 ? 1 : 0}`;
  });
  const imported = await page.request.post("/api/people/import", { headers: { "content-type": "text/csv" }, data: [header, ...rows].join("\r\n") });
  expect(imported.status()).toBe(200);

  try {
    await page.goto("/people");
    const list = page.getByRole("list", { name: "People" });
    await page.getByRole("searchbox", { name: "Search" }).fill(LAST.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]q=${LAST.toLowerCase()}`));
    // One page of 100 of the 104 active ones; the archived one is left out.
    await expect(page.getByText("100 people on this page")).toBeVisible();
    await expect(list.getByRole("link")).toHaveCount(100);
    await expect(list.getByRole("link", { name: /Row000/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", `/api/people.csv?q=${LAST.toLowerCase()}`);
    await screens(page, "people-filtered");

    await page.getByRole("navigation", { name: "Pages of the list" }).getByRole("link", { name: "Next page" }).click();
    await expect(page.getByText("4 people on this page")).toBeVisible();
    await expect(list.getByRole("link")).toHaveCount(4);
    await expect(list.getByRole("link", { name: /Row104/ })).toBeVisible();
    await page.getByRole("link", { name: "Back to the first page" }).click();
    await expect(list.getByRole("link")).toHaveCount(100);

    // The archived switch and a role: the address carries them, and a reload keeps them.
    await page.getByRole("checkbox", { name: "Show archived" }).check();
    await expect(page).toHaveURL(/archived=1/);
    await page.getByRole("combobox", { name: "Role" }).selectOption({ label: "Mentor" });
    await expect(page).toHaveURL(/role=/);
    await expect(list.getByRole("link")).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(LAST.toLowerCase());
    await expect(page.getByRole("combobox", { name: "Role" })).toHaveValue(/.+/);
    await expect(list.getByRole("link", { name: /Row000/ })).toBeVisible();
    await expect(page.getByText("1 person", { exact: true })).toBeVisible();

    // Nobody matches: said so, and one click clears every filter but the archived switch.
    await page.getByRole("searchbox", { name: "Search" }).fill(`${LAST}nobody`);
    await expect(page.getByText("No one matches")).toBeVisible();
    await screens(page, "people-no-match");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");
    await expect(page).toHaveURL(/\/people\?archived=1$/);
    await expect(page.getByRole("link", { name: /Cleo Candidate/ })).toBeVisible();
  } finally {
    const listed = await page.request.get(`/api/people?archived=true&q=${LAST}`);
    for (const person of (await listed.json()) as { id: string }[]) await page.request.delete(`/api/people/${person.id}`);
  }
});

test("a mentor's list offers no role or tag filter, and finds only their candidates", async ({ page }) => {
  await signIn(page, "mentor@demo.test");
  await page.goto("/people");
  await expect(page.getByRole("heading", { name: "Your candidates" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Role" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search" }).fill("ada");
  await expect(page.getByText("No one matches")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill("cleo");
  await expect(page.getByRole("list", { name: "People" }).getByRole("link", { name: /Cleo Candidate/ })).toBeVisible();
});
