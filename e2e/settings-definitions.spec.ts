import { expect, test, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The editor's field cards, by their heading ("Field 2: Recommendation"). */
const fieldGroup = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Field ${n}:`) });
const fieldTitles = (page: Page) => page.locator(".fd-field-title");

// The profile test uses the form the first test builds.
test.describe.configure({ mode: "serial" });
let formName = "";

test("admin builds a form: all field types, options, private, reorder, languages, save", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/forms");
  await expect(page.getByRole("heading", { name: "Forms" })).toBeVisible();
  const demoRow = page.getByRole("row", { name: /Credential board interview/ });
  await expect(demoRow).toContainText("7 fields");
  await expect(demoRow).toContainText("1 private");
  await screens(page, "settings-forms");

  // New form: named in a dialog, then its editor opens.
  formName = `Renewal interview ${unique()}`;
  await page.getByRole("button", { name: "New form" }).click();
  const dialog = page.getByRole("dialog", { name: "New form" });
  await dialog.getByRole("button", { name: "Create and add fields" }).click();
  await expect(dialog.getByText(/Enter a name/)).toBeVisible();
  await dialog.getByLabel("Name").fill(formName);
  await dialog.getByLabel("Name").press("Enter");
  await expect(page).toHaveURL(/\/settings\/forms\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { name: formName })).toBeVisible();
  await expect(page.getByText("No fields yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save form" })).toBeDisabled();
  await screens(page, "form-editor-empty");

  // A text field: its label input gets the focus.
  await page.getByRole("button", { name: "Add field: Text" }).click();
  await expect(page.getByLabel("Label of field 1")).toBeFocused();
  await page.keyboard.type("Strengths");
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await expect(fieldGroup(page, 1).getByText("id strengths")).toBeVisible();

  // A dropdown with options: Enter adds the next one; options can be reordered and removed.
  await page.getByRole("button", { name: "Add field: Dropdown" }).click();
  await page.getByLabel("Label of field 2").fill("Recommendation");
  await page.getByLabel("Option 1 of Recommendation").fill("Recommend");
  await page.getByLabel("Option 1 of Recommendation").press("Enter");
  await expect(page.getByLabel("Option 2 of Recommendation")).toBeFocused();
  await page.keyboard.type("Not yet");
  await fieldGroup(page, 2).getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option 3 of Recommendation").fill("With conditions");
  await page.getByRole("button", { name: "Move option With conditions up" }).click();
  await expect(page.getByLabel("Option 2 of Recommendation")).toHaveValue("With conditions");
  await fieldGroup(page, 2).getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option 4 of Recommendation").fill("Typo");
  await page.getByRole("button", { name: "Remove option Typo" }).click();
  await expect(page.getByLabel("Option 4 of Recommendation")).toHaveCount(0);

  // A checkbox and a file upload.
  await page.getByRole("button", { name: "Add field: Checkbox" }).click();
  await page.getByLabel("Label of field 3").fill("Documents complete");
  await page.getByRole("button", { name: "Add field: File upload" }).click();
  await page.getByLabel("Label of field 4").fill("Supporting files");

  // An empty dropdown is refused before anything is sent, next to the field.
  await page.getByRole("button", { name: "Add field: Dropdown" }).click();
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByText(/Some fields need attention/)).toBeVisible();
  await expect(fieldGroup(page, 5).getByText("Give the field a label.")).toBeVisible();
  await expect(fieldGroup(page, 5).getByText(/Fill in every option/)).toBeVisible();
  await expect(page.getByLabel("Label of field 5")).toBeFocused();
  await page.getByRole("button", { name: "Remove field 5" }).click();
  await expect(page.getByText(/Some fields need attention/)).toHaveCount(0);

  // Private: a checkbox, and a badge on the field.
  await fieldGroup(page, 1)
    .getByRole("checkbox", { name: /Private/ })
    .check();
  await expect(fieldGroup(page, 1).getByText("Private · admins and board only")).toBeVisible();

  // Reorder with the buttons (focus stays on the moved field's button, so Enter moves it again).
  await page.getByRole("button", { name: "Move Supporting files up" }).click();
  await expect(page.getByRole("button", { name: "Move Supporting files up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(fieldTitles(page)).toHaveText([/Strengths$/, /Supporting files$/, /Recommendation$/, /Documents complete$/]);
  await page.getByRole("button", { name: "Move Strengths down" }).click();
  await expect(fieldTitles(page)).toHaveText([/Supporting files$/, /Strengths$/, /Recommendation$/, /Documents complete$/]);
  await screens(page, "form-editor-new");

  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByText("Form saved.", { exact: true })).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save form" })).toBeDisabled();

  // Another language: the English texts stay as they are.
  // The language is picked from a searchable list of languages by their own names.
  await page.getByRole("button", { name: "Language", exact: true }).click();
  const picker = page.getByRole("main").getByRole("combobox", { name: "Language" });
  await picker.fill("spa");
  await expect(
    page
      .getByRole("listbox", { name: "Languages" })
      .getByRole("option", { name: /español/ })
      .first(),
  ).toBeVisible();
  await picker.press("Enter");
  await expect(picker).toHaveValue("español");
  await page.getByRole("button", { name: "Add language" }).click();
  await expect(page.getByRole("radio", { name: /español/ })).toBeChecked();
  await expect(page.getByLabel("Label of field 2")).toHaveAttribute("placeholder", "English: Strengths");
  await page.getByLabel("Label of field 2").fill("Fortalezas");
  await page.getByLabel("Option 1 of Recommendation").fill("Recomendar");
  await expect(fieldGroup(page, 2)).toBeVisible();
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();

  // Persisted: order, options, private flag and both languages.
  await page.reload();
  await expect(page.getByRole("heading", { name: formName })).toBeVisible();
  await expect(fieldTitles(page)).toHaveText([/Supporting files$/, /Strengths$/, /Recommendation$/, /Documents complete$/]);
  await expect(page.getByLabel("Label of field 2")).toHaveValue("Strengths");
  await expect(fieldGroup(page, 2).getByRole("checkbox", { name: /Private/ })).toBeChecked();
  await expect(fieldGroup(page, 2).getByText("Private · admins and board only")).toBeVisible();
  await expect(page.getByLabel("Option 1 of Recommendation")).toHaveValue("Recommend");
  await expect(page.getByLabel("Option 2 of Recommendation")).toHaveValue("With conditions");
  await expect(page.getByLabel("Option 3 of Recommendation")).toHaveValue("Not yet");
  await expect(fieldGroup(page, 1).getByText("File upload")).toBeVisible();
  await expect(fieldGroup(page, 4).getByText("Checkbox")).toBeVisible();
  await page.getByRole("radio", { name: /español/ }).check();
  await expect(page.getByLabel("Label of field 2")).toHaveValue("Fortalezas");
  await expect(page.getByLabel("Option 1 of Recommendation")).toHaveValue("Recomendar");
  await page.getByRole("radio", { name: /English/ }).check();

  // Leaving with unsaved changes asks first.
  await page.getByLabel("Form name").fill(`${formName} (draft)`);
  page.once("dialog", (d) => d.dismiss());
  await page.getByRole("link", { name: "Forms", exact: true }).first().click();
  await expect(page).toHaveURL(/\/settings\/forms\/[A-Za-z0-9_-]+$/);
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByLabel("Form name")).toHaveValue(formName);

  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Forms" }).click();
  const row = page.getByRole("row", { name: new RegExp(formName) });
  await expect(row).toContainText("4 fields");
  await expect(row).toContainText("1 private");
});

test("removing an answered field of the demo form asks first; a used form cannot be deleted", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/forms");
  await page.getByRole("link", { name: "Credential board interview", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Credential board interview" })).toBeVisible();
  await expect(fieldGroup(page, 4).getByText("Private · admins and board only")).toBeVisible();
  await screens(page, "form-editor-demo");

  await page.getByRole("button", { name: "Remove Strengths" }).click();
  await expect(page.getByText("Removed when you save:")).toBeVisible();
  await expect(fieldTitles(page)).toHaveCount(6);
  await page.getByRole("button", { name: "Save form" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete these fields and their answers?" });
  await expect(confirm).toContainText("Strengths");
  await expect(confirm).toContainText(/permanently deletes its answers/);
  await screens(page, "form-conflict");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("button", { name: "Restore Strengths" }).click();
  await expect(fieldTitles(page)).toHaveText([
    /Recommendation$/,
    /Strengths$/,
    /All documents received$/,
    /Board's private notes$/,
    /Supporting documents$/,
    /Readiness for the credential$/,
    /Questions to raise with the other members$/,
  ]);
  await expect(page.getByText("All changes saved")).toBeVisible();

  await page.getByRole("button", { name: "Delete form" }).click();
  const del = page.getByRole("dialog", { name: /Delete the form/ });
  await del.getByRole("button", { name: "Delete form" }).click();
  await expect(del.getByRole("alert")).toContainText(/used by \d+ interviews; it cannot be deleted/);
  await del.getByRole("button", { name: "Cancel" }).click();
  await expect(del).toHaveCount(0);
});

test("admin creates, edits and deletes a board", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/boards");
  await expect(page.getByRole("heading", { name: "Boards" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Credentials board/ })).toContainText("Bea Board");
  await screens(page, "settings-boards");

  const board = `Renewal board ${unique()}`;
  await page.getByRole("button", { name: "New board" }).click();
  const dialog = page.getByRole("dialog", { name: "New board" });
  await dialog.getByLabel("Name").fill(board);
  await expect(dialog.locator(".bd-person").first()).toContainText("Bea Board"); // board members first
  await expect(dialog.locator(".bd-person").first()).toContainText("Board");
  await dialog.getByRole("searchbox", { name: "Find people" }).fill("bea");
  await expect(dialog.getByRole("checkbox")).toHaveCount(1);
  await dialog.getByRole("checkbox", { name: /Bea Board/ }).check();
  await expect(dialog.getByRole("button", { name: "Remove Bea Board" })).toBeVisible();
  await screens(page, "board-dialog");
  await dialog.getByRole("button", { name: "Create board" }).click();
  await expect(page.getByText(`The board “${board}” was created.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(board) });
  await expect(row).toContainText("Bea Board");

  // Rename and add a member.
  await row.getByRole("button", { name: `Edit ${board}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit “${board}”` });
  await edit.getByLabel("Name").fill(`${board} B`);
  await edit.getByRole("searchbox", { name: "Find people" }).fill("ada");
  await edit.getByRole("checkbox", { name: /Ada Admin/ }).check();
  await edit.getByRole("button", { name: "Save board" }).click();
  await expect(page.getByText("Board saved.")).toBeVisible();
  const renamed = page.getByRole("row", { name: new RegExp(`${board} B`) });
  await expect(renamed).toContainText("Bea Board");
  await expect(renamed).toContainText("Ada Admin");
  await page.reload();
  await expect(renamed).toContainText("Ada Admin");

  await renamed.getByRole("button", { name: `Delete ${board} B` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete board" }).click();
  await expect(page.getByText(`The board “${board} B” was deleted.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(board) })).toHaveCount(0);
});

test("admin creates a profile with the new form as its default", async ({ page }) => {
  expect(formName, "the form test runs first").not.toBe("");
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/profiles");
  await expect(page.getByRole("heading", { name: "Profiles" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Initial credential/ })).toContainText("Credential board interview");

  const profile = `Renewal ${unique()}`;
  await page.getByRole("button", { name: "New profile" }).click();
  const dialog = page.getByRole("dialog", { name: "New profile" });
  await dialog.getByLabel("Name").fill(profile);
  await expect(dialog.getByLabel("Default form")).toHaveValue("");
  await dialog.getByLabel("Default form").selectOption({ label: formName });
  await screens(page, "profile-dialog");
  await dialog.getByRole("button", { name: "Create profile" }).click();
  await expect(page.getByText(`The profile “${profile}” was created.`)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(profile) });
  await expect(row.getByRole("link", { name: formName })).toBeVisible();
  await page.reload();
  await expect(row.getByRole("link", { name: formName })).toBeVisible();
  await screens(page, "settings-profiles");

  // No default form, then delete.
  await row.getByRole("button", { name: `Edit ${profile}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit “${profile}”` });
  await expect(edit.getByLabel("Default form")).toHaveValue(/.+/);
  await edit.getByLabel("Default form").selectOption({ label: "No default form" });
  await edit.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await expect(row).toContainText("No default form");

  await row.getByRole("button", { name: `Delete ${profile}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete profile" }).click();
  await expect(page.getByRole("row", { name: new RegExp(profile) })).toHaveCount(0);
});

test("admin creates, edits and deletes a role; the table, rendered on the server, follows each change", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/settings/roles");
  await expect(page.getByRole("heading", { name: "Roles" })).toBeVisible();

  const role = `Reviewer ${unique()}`;
  await page.getByRole("button", { name: "New role" }).click();
  const dialog = page.getByRole("dialog", { name: "New role" });
  await dialog.getByLabel("Name").fill(role);
  await dialog.getByLabel("Kind").selectOption({ label: "Board" });
  await dialog.getByRole("checkbox", { name: "Edit interviews" }).check();
  await dialog.getByRole("button", { name: "Create role" }).click();
  await expect(page.getByText(`The role “${role}” was created.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("row", { name: new RegExp(role) });
  await expect(row).toContainText("Board");
  await expect(row).toContainText("Edit interviews");

  await row.getByRole("button", { name: `Edit ${role}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit “${role}”` });
  await edit.getByRole("checkbox", { name: "Edit interviews" }).uncheck();
  await edit.getByRole("checkbox", { name: "Edit people" }).check();
  await edit.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByText("Role saved.")).toBeVisible();
  await expect(row).toContainText("Edit people");
  await expect(row).not.toContainText("Edit interviews");
  // Focus is back on the button that opened the dialog, though the table was rendered again; the change stays after a reload.
  await expect(row.getByRole("button", { name: `Edit ${role}` })).toBeFocused();
  await page.reload();
  await expect(row).toContainText("Edit people");

  await row.getByRole("button", { name: `Delete ${role}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete role" }).click();
  await expect(page.getByText(`The role “${role}” was deleted.`)).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(role) })).toHaveCount(0);
});
