import { expect, test, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";
import { newInterview, toneWebm, uploadRecording } from "./recording-fixture";

/*
 * Renaming and deleting a recording on the interview page (an editor): in place, by keyboard
 * (Enter saves, Escape cancels), a refused rename rolled back with a notice, the deletion after a
 * confirmation naming the recording; another open page of the interview follows both live.
 */

test.setTimeout(180_000);

const item = (page: Page, recordingId: string) => page.locator(`li[data-recording-id="${recordingId}"]`);

test("an editor renames and deletes a recording; another open page follows", async ({ page, browser }) => {
  await signIn(page, "admin@demo.test");
  const target = await newInterview(page.request, "2029-04-02");
  const recordingId = await uploadRecording(page.request, target, toneWebm(), "Part one");
  await page.goto(target.path);
  const mine = item(page, recordingId);
  await expect(mine.getByRole("heading", { name: "Part one" })).toBeVisible();

  // A board member has the same interview open.
  const other = await browser.newPage();
  await signIn(other, "board@demo.test");
  await other.goto(target.path);
  const theirs = item(other, recordingId);
  await expect(theirs.getByRole("heading", { name: "Part one" })).toBeVisible();

  // Rename in place: Escape cancels (the focus back on Rename), an empty name is refused, Enter saves.
  const rename = mine.getByRole("button", { name: "Rename “Part one”" });
  await rename.click();
  const field = mine.getByRole("textbox", { name: "Name of the recording" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("Part one");
  await page.keyboard.type("Draft");
  await page.keyboard.press("Escape");
  await expect(mine.getByRole("heading", { name: "Part one" })).toBeVisible();
  await expect(rename).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  await field.fill("   ");
  await page.keyboard.press("Enter");
  await expect(mine.getByRole("alert")).toHaveText("Give the recording a name.");
  await field.fill("Part one, the board's questions");
  await screens(page, "recording-rename", { fullPage: false });
  await page.keyboard.press("Enter");
  await expect(mine.getByRole("heading", { name: "Part one, the board's questions" })).toBeVisible();
  await expect(theirs.getByRole("heading", { name: "Part one, the board's questions" })).toBeVisible();
  await page.reload();
  await expect(mine.getByRole("heading", { name: "Part one, the board's questions" })).toBeVisible();

  // A rename the server refuses: the old name comes back, and a notice says why.
  await page.route("**/api/audio/recordings/*", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ error: { code: "conflict", message: "Refused for the test." } }) })
      : route.fallback(),
  );
  await mine.getByRole("button", { name: /^Rename/ }).click();
  await mine.getByRole("textbox", { name: "Name of the recording" }).fill("Never kept");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "could not be renamed: Refused for the test." })).toBeVisible();
  await expect(mine.getByRole("heading", { name: "Part one, the board's questions" })).toBeVisible();
  await page.unroute("**/api/audio/recordings/*");

  // Delete, after a confirmation that names the recording.
  await mine.getByRole("button", { name: "Delete “Part one, the board's questions”" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this recording?" });
  await expect(confirm).toContainText("Delete the recording “Part one, the board's questions”, its transcript and summary? This cannot be undone.");
  await screens(page, "recording-delete-confirm", { fullPage: false });
  await confirm.getByRole("button", { name: "Delete recording" }).click();
  await expect(mine).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "“Part one, the board's questions” was deleted." })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recordings" })).toBeFocused();
  await expect(theirs).toHaveCount(0);
  expect((await page.request.get(`/api/audio/recordings/${recordingId}`)).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Recordings" })).toBeVisible();
  await expect(mine).toHaveCount(0);
  await other.close();
});

test("who may only read the interview gets no Rename or Delete", async ({ page, browser }) => {
  const editor = await browser.newPage();
  await signIn(editor, "admin@demo.test");
  const target = await newInterview(editor.request, "2029-04-03");
  const recordingId = await uploadRecording(editor.request, target, toneWebm(), "For reading");
  await editor.close();
  // Max, Cleo's mentor, reads her published interviews.
  await signIn(page, "mentor@demo.test");
  await page.goto(target.path);
  await expect(item(page, recordingId).getByRole("heading", { name: "For reading" })).toBeVisible();
  await expect(item(page, recordingId).getByRole("button", { name: /Rename|Delete/ })).toHaveCount(0);
});
