import { expect, test, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";
import { transcribedRecording } from "./recording-fixture";

/*
 * The search palette of the top bar: a board member finds a phrase of a transcript and lands on
 * that moment of the recording (the player there, the passage marked), with the pointer and with
 * the keyboard alone (Ctrl+K, type, ↓, Enter). The recording is made here through the API and
 * transcribed by the service's offline engine (pocketsphinx on espeak-ng speech): its second
 * sentence starts 32 seconds in, in the transcript's second passage.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

type Hit = { type: string; url: string; recording_id?: string; at_ms?: number };
let found: { phrase: string; hit: Hit; recordingId: string; interviewPath: string };

/** The last three words of the later sentence as the engine heard them: a phrase to search for. */
const phraseOf = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .trim()
    .split(/\s+/)
    .slice(-3)
    .join(" ");

const dialog = (page: Page) => page.getByRole("dialog", { name: "Search" });
const box = (page: Page) => dialog(page).getByRole("combobox");
/** Ctrl+K, again until the page has hydrated (its shortcut listener comes with the page's script). */
async function openWithShortcut(page: Page) {
  await expect(async () => {
    await page.keyboard.press("Control+k");
    await expect(box(page)).toBeFocused({ timeout: 1000 });
  }).toPass();
}
const playerTime = (page: Page, recordingId: string) =>
  page.locator(`li[data-recording-id="${recordingId}"] audio`).evaluate((a: HTMLAudioElement) => a.currentTime);

test.beforeAll(async ({ browser }) => {
  // A 37-second recording through the whole pipeline, on a busy 2-core machine.
  test.setTimeout(300_000);
  const page = await browser.newPage();
  await signIn(page, "board@demo.test");
  const { target, recordingId, segments } = await transcribedRecording(
    page.request,
    "2029-03-01",
    ["Good morning and welcome to the board interview.", "Please tell us about your volunteer work at the library."],
    "Afternoon session",
  );
  const later = segments.find((s) => s.start >= 30);
  expect(later, "the engine heard the sentence spoken 32 s in").toBeTruthy();
  const phrase = phraseOf(later!.text);
  // The transcript is indexed by a job of its own: wait until the search finds it.
  let hit: Hit | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/search?q=${encodeURIComponent(phrase)}&type=recordings`);
        hit = ((await res.json()).results as Hit[]).find((r) => r.recording_id === recordingId && r.at_ms !== undefined);
        return hit?.at_ms;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(30_000);
  found = { phrase, hit: hit!, recordingId, interviewPath: target.path };
  await page.close();
});

/** On the interview page: the URL names the moment, the player is there, the passage is marked and in view. */
async function expectAtMoment(page: Page) {
  const { hit, recordingId, interviewPath } = found;
  await expect(page).toHaveURL(`${interviewPath}?recording=${recordingId}&t=${hit.at_ms}`);
  await expect.poll(() => playerTime(page, recordingId)).toBeCloseTo(hit.at_ms! / 1000, 1);
  const passage = page.locator(`li[data-recording-id="${recordingId}"] .audio-segments li.is-found`);
  await expect(passage).toHaveCount(1);
  await expect(passage).toBeInViewport();
  await expect(passage).toContainText(found.phrase.split(" ").at(-1)!);
}

test("a board member searches for a phrase from a transcript and lands on that moment of the recording", async ({ page }) => {
  await signIn(page, "board@demo.test");
  await page.goto("/interviews");
  // Clicked again until the page has hydrated (a click before that does nothing).
  await expect(async () => {
    if (!(await box(page).isVisible())) await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await expect(box(page)).toBeFocused({ timeout: 1000 });
  }).toPass();
  await box(page).fill(found.phrase);
  const recordings = dialog(page).getByRole("group", { name: /Recordings/ });
  const option = recordings
    .getByRole("option")
    .filter({ hasText: `at ${Math.floor(found.hit.at_ms! / 60_000)}:${String(Math.floor(found.hit.at_ms! / 1000) % 60).padStart(2, "0")}` });
  await expect(option).toHaveCount(1);
  await expect(option.locator("mark").first()).toBeVisible();
  await expect(box(page)).toHaveAttribute("aria-expanded", "true");
  // The palette open, at a desktop's width and full screen on a phone's (axe at each).
  await screens(page, "search-palette", { fullPage: false });
  await option.click();
  await expect(dialog(page)).toBeHidden();
  await expectAtMoment(page);
  await screens(page, "search-landed", { fullPage: false });
});

test("the palette by keyboard alone: Ctrl+K opens it, ↓ moves, Enter opens the moment; / opens it and Escape gives the focus back", async ({ page }) => {
  await signIn(page, "board@demo.test");
  await page.goto("/");
  await openWithShortcut(page);
  await page.keyboard.type(found.phrase);
  await expect(dialog(page).getByRole("option").first()).toBeVisible();
  const options = await dialog(page).getByRole("option").count();
  // ↓ walks the results (wrapping round) until the transcript's moment is the active one.
  const activeText = () => box(page).evaluate((input) => document.getElementById(input.getAttribute("aria-activedescendant") ?? "")?.textContent ?? "");
  for (let i = 0; i <= options && !/\bat \d+:\d\d\b/.test(await activeText()); i++) await page.keyboard.press("ArrowDown");
  expect(await activeText()).toMatch(/\bat \d+:\d\d\b/);
  await expect(dialog(page).getByRole("option", { selected: true })).toHaveCount(1);
  await page.keyboard.press("Enter");
  await expectAtMoment(page);

  // `/` outside a text field opens it again (the last query kept); Escape closes it and the focus is back.
  const searchButton = page.getByRole("banner").getByRole("button", { name: "Search" });
  await searchButton.focus();
  await page.keyboard.press("/");
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue(found.phrase);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(searchButton).toBeFocused();
});

test("nothing found is said so; typing `/` in a text field types it", async ({ page }) => {
  await signIn(page, "board@demo.test");
  await page.goto("/interviews");
  await openWithShortcut(page);
  await page.keyboard.type("zzqxv nothing");
  await expect(dialog(page).getByRole("status")).toHaveText("No results for “zzqxv nothing”");
  await page.keyboard.press("Escape");
  const filter = page.getByRole("main").getByRole("searchbox").first();
  await filter.focus();
  await page.keyboard.type("a/b");
  await expect(filter).toHaveValue("a/b");
  await expect(dialog(page)).toBeHidden();
});

test("a message found by search opens its conversation at that message, older pages loaded to reach it", async ({ page }) => {
  await signIn(page, "board@demo.test");
  const contacts = (await (await page.request.get("/api/messages/contacts")).json()) as { id: string }[];
  const word = `quokka${Date.now().toString(36)}`;
  const created = await page.request.post("/api/messages", { data: { participants: [contacts[0].id], body: `Remember the ${word} budget before Friday.` } });
  expect(created.ok()).toBeTruthy();
  const conversationId = ((await created.json()) as { id: string }).id;
  // More than a page (50) after it: the conversation opens on the newest, so the found one is not loaded at first.
  for (let i = 0; i < 60; i++)
    expect((await page.request.post(`/api/messages/${conversationId}`, { data: { body: `A later note, number ${i}.` } })).ok()).toBeTruthy();

  await page.goto("/messages");
  await openWithShortcut(page);
  await page.keyboard.type(word);
  const option = dialog(page)
    .getByRole("group", { name: /Messages/ })
    .getByRole("option");
  await expect(option).toHaveCount(1);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/messages/${conversationId}\\?message=`));
  const target = page.locator(".chat-row-target");
  await expect(target).toHaveCount(1);
  await expect(target).toContainText(word);
  await expect(target).toBeInViewport();
  await screens(page, "search-landed-message", { fullPage: false });
});
