import { expect, test, type Locator, type Page } from "@playwright/test";
import { latestMailTo, linkIn, signIn } from "./helpers";

/**
 * The main tasks with the keyboard alone (no click, no fill): sign in, find a person, fill
 * and publish an interview, create an API key. Every control reached shows where the focus is.
 */

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, then checks the focus can be seen. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      const ring = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return style.outlineStyle !== "none" && style.outlineWidth !== "0px" ? style.outlineStyle : style.boxShadow;
      });
      expect(ring, "a visible focus indicator").not.toMatch(/^(none)?$/);
      return;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("sign in and find a person with the keyboard", async ({ page }) => {
  const started = Date.now();
  await page.goto("/sign-in");
  await expect(page.getByLabel("E-mail address")).toBeFocused();
  await page.keyboard.type("admin@demo.test");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(linkIn(await latestMailTo("admin@demo.test", started)));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();

  // The first Tab offers to skip the navigation.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("searchbox", { name: "Search" }));
  await page.keyboard.type("cleo");
  await tabTo(page, page.getByRole("list", { name: "People" }).getByRole("link", { name: /Cleo Candidate/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Cleo Candidate" })).toBeVisible();
});

test("fill and publish an interview with the keyboard", async ({ page }) => {
  await signIn(page, "board@demo.test");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("draft");
  await tabTo(page, page.getByRole("button", { name: "New interview" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New interview" });
  await expect(dialog.getByRole("searchbox")).toBeFocused();
  await page.keyboard.type("cleo");
  await tabTo(page, dialog.getByLabel("Profile", { exact: true }));
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByLabel("Form", { exact: true }).locator("option:checked")).toHaveText("Credential board interview");
  await tabTo(page, dialog.getByRole("button", { name: "Create interview" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Cleo Candidate");

  await tabTo(page, page.getByLabel("Recommendation", { exact: true }));
  await page.keyboard.press("ArrowDown");
  await tabTo(page, page.getByLabel("Strengths"));
  await page.keyboard.type("Answers every question on ethics with care.");
  await tabTo(page, page.getByLabel("All documents received"));
  await page.keyboard.press("Space");
  await expect(page.getByLabel("All documents received")).toBeChecked();
  await expect(page.getByText("All changes saved")).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Publish", exact: true }), { back: true });
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Publish this interview?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Publish" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Published");
  await page.reload();
  await expect(page.getByLabel("Strengths")).toHaveValue("Answers every question on ethics with care.");
});

test("create and revoke an API key with the keyboard", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "API keys" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "New API key" }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New API key" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await page.keyboard.type("Keyboard export");
  await tabTo(page, dialog.getByRole("checkbox", { name: /read:interviews/ }));
  await page.keyboard.press("Space");
  await tabTo(page, dialog.getByRole("button", { name: "Create key" }));
  await page.keyboard.press("Enter");

  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown.getByLabel(/API key for/)).toBeFocused();
  await expect(shown.getByLabel(/API key for/)).toHaveValue(/^cas_/);
  await tabTo(page, shown.getByRole("button", { name: "I have stored the key" }));
  await page.keyboard.press("Enter");
  await expect(shown).toHaveCount(0);
  // Focus comes back to where keys are created.
  await expect(page.getByRole("button", { name: "New API key" })).toBeFocused();
  const row = page.getByRole("row", { name: /Keyboard export/ });
  await expect(row).toContainText("read:interviews");

  await tabTo(page, row.getByRole("button", { name: "Revoke Keyboard export" }));
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "Revoke “Keyboard export”?" });
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Revoke Keyboard export" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("row", { name: /Keyboard export/ })).toHaveCount(0);
});
