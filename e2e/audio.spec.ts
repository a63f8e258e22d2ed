import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { screens, signIn } from "./helpers";

/**
 * Recording an interview in the browser, end to end, in Chromium with a fake microphone that
 * plays an espeak-ng WAV (made here, with the faint hiss of a room so that pocketsphinx, the
 * offline speech-to-text the server uses without OpenAI settings, hears words):
 * record → stop → saved, then transcribed and summarized by the server; offline mid-recording; a
 * reload mid-recording; a failed save with Retry and a reload that resumes it; the recorder's tab
 * closed right after Stop while another device watches the steps; seeking; the candidate reading
 * it in Spanish; a refused microphone, no microphone, an unsupported browser.
 */

const SPOKEN = "Good morning. Thank you for coming to the board interview today. Please tell us about your training and your plans for the next year.";

const wavDir = fs.mkdtempSync(path.join(os.tmpdir(), "cas-e2e-audio-"));
const WAV = path.join(wavDir, "speech.wav");
{
  const raw = path.join(wavDir, "espeak.wav");
  const made = spawnSync("espeak-ng", ["-v", "en-us", "-s", "140", "-w", raw, SPOKEN]);
  if (made.status !== 0) throw new Error(`espeak-ng is needed for this test (apt-get install espeak-ng): ${made.stderr}`);
  // A second of room noise after the speech, and -40 dBFS of hiss throughout (no digital silence).
  const ffmpeg = (createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  const mixed = spawnSync(ffmpeg, [
    "-v",
    "error",
    "-y",
    "-i",
    raw,
    "-af",
    "aresample=48000,apad=pad_len=72000,aeval='val(0)+0.01*(random(0)*2-1)'",
    "-ar",
    "48000",
    "-ac",
    "1",
    "-c:a",
    "pcm_s16le",
    WAV,
  ]);
  if (mixed.status !== 0) throw new Error(`ffmpeg failed: ${mixed.stderr}`);
}

const FAKE_MIC = ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${WAV}`];

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MIC] } });
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.afterAll(() => fs.rmSync(wavDir, { recursive: true, force: true }));

// ---- helpers ----

type Interview = {
  id: string;
  person_id: string;
  audio: Record<string, { duration_ms?: number; transcript?: Record<string, string>; summary?: Record<string, string>; segments?: unknown[]; url: string }>;
};

async function cleoId(request: APIRequestContext): Promise<string> {
  const people = (await (await request.get("/api/people")).json()) as { id: string; email: string }[];
  return people.find((p) => p.email === "candidate@demo.test")!.id;
}

let day = 1;
/** A fresh interview of Cleo's, so that each test starts from an empty Recordings card. */
async function newInterview(page: Page, published = false): Promise<{ personId: string; id: string; path: string }> {
  const personId = await cleoId(page.request);
  const date = `2028-02-${String(day++).padStart(2, "0")}`;
  const res = await page.request.post(`/api/interviews/${personId}`, { data: { date } });
  expect(res.status()).toBe(201);
  const { id } = await res.json();
  if (published) expect((await page.request.patch(`/api/interviews/${personId}/${id}`, { data: { published: 1 } })).status()).toBe(200);
  return { personId, id, path: `/interviews/${personId}/${id}` };
}

async function interviewOf(page: Page, target: { personId: string; id: string }): Promise<Interview> {
  return (await page.request.get(`/api/interviews/${target.personId}/${target.id}`)).json();
}

const card = (page: Page) => page.locator("section.iv-recordings");
const elapsedSeconds = async (page: Page) => {
  const text = (await page.getByTestId("audio-elapsed").textContent()) ?? "0:00";
  return text
    .split(":")
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
};

async function record(page: Page, seconds: number) {
  await card(page).getByRole("button", { name: "Record", exact: true }).click();
  await expect(card(page).getByRole("button", { name: "Stop" })).toBeVisible();
  await expect.poll(() => elapsedSeconds(page), { timeout: (seconds + 10) * 1000 }).toBeGreaterThanOrEqual(seconds);
}

/** Waits until the recording is saved with its transcript and summary (the steps done). */
async function waitForTranscript(page: Page) {
  const item = card(page).locator("li.audio-item").first();
  await expect(item.getByRole("heading", { name: "Transcript" })).toBeVisible({ timeout: 90_000 });
  await expect(item.locator(".audio-segments li").first()).toBeVisible({ timeout: 90_000 });
  await expect(item.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 60_000 });
  await expect(card(page).locator("section.audio-session")).toHaveCount(0, { timeout: 60_000 });
  return item;
}

// ---- tests ----

test("record, stop, and read the transcript and summary; the player seeks with HTTP Range", async ({ page }) => {
  // Four axe runs at two widths, a recording and a transcription: minutes on a busy 2-core machine.
  test.setTimeout(360_000);
  await signIn(page, "board@demo.test");
  const target = await newInterview(page);
  await page.goto(target.path);
  await expect(card(page).getByText("No recordings yet. Press Record to record the interview here.")).toBeVisible();
  await screens(page, "audio-empty");

  await card(page).getByLabel("Name of the recording").fill("Opening questions");
  await record(page, 4);
  await expect(card(page).getByText("Recording", { exact: true })).toBeVisible();
  await expect(card(page).getByRole("meter", { name: "Microphone level" })).toBeVisible();
  // The fake microphone is heard: the meter moves.
  await expect.poll(async () => Number(await card(page).getByRole("meter").getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
  await screens(page, "audio-recording");

  await card(page).getByRole("button", { name: "Pause" }).click();
  await expect(card(page).getByText("Paused", { exact: true })).toBeVisible();
  const paused = await elapsedSeconds(page);
  await page.waitForTimeout(2000);
  expect(await elapsedSeconds(page)).toBe(paused); // the clock stands still
  await screens(page, "audio-paused");
  await card(page).getByRole("button", { name: "Resume" }).click();
  await expect.poll(() => elapsedSeconds(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(10);
  const recorded = await elapsedSeconds(page);
  const readAt = Date.now();
  // Every answer for the recording's file, from before the player first asks for it.
  const ranges: number[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/files/") && res.url().endsWith(".webm")) ranges.push(res.status());
  });
  await card(page).getByRole("button", { name: "Stop" }).click();
  // The clock shows whole seconds, and a busy machine takes a while to click Stop after reading it.
  const stopLag = (Date.now() - readAt) / 1000;

  await expect(card(page).locator("section.audio-session")).toBeVisible();
  await screens(page, "audio-steps");
  const item = await waitForTranscript(page);
  await expect(item.getByRole("heading", { name: "Opening questions" })).toBeVisible();
  await screens(page, "audio-transcribed");

  const saved = await interviewOf(page, target);
  const [recording] = Object.values(saved.audio);
  // The paused seconds are not in the file: it lasts what the clock showed, give or take its rounding.
  expect(recording.duration_ms! / 1000).toBeGreaterThanOrEqual(recorded - 1.5);
  expect(recording.duration_ms! / 1000).toBeLessThanOrEqual(recorded + 1 + stopLag + 0.5);
  expect(recording.transcript!.en.length).toBeGreaterThan(5);
  console.log(`pocketsphinx heard: ${recording.transcript!.en}`);

  // The player: a seek far into the file is served as a range (206).
  const player = item.locator("audio");
  await player.evaluate(async (audio: HTMLAudioElement) => {
    if (audio.readyState < 1) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
  });
  const duration = await player.evaluate((audio: HTMLAudioElement) => audio.duration);
  expect(duration).toBeGreaterThan(recorded - 2);
  expect(Number.isFinite(duration)).toBe(true); // the Duration written by the remux
  await player.evaluate(async (audio: HTMLAudioElement) => {
    audio.muted = true;
    audio.currentTime = audio.duration - 2;
    await new Promise((resolve) => audio.addEventListener("seeked", resolve, { once: true }));
  });
  expect(await player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(duration - 3);
  expect(ranges).toContain(206);

  // A transcript line plays from its time.
  const line = item.locator(".audio-segments li").last();
  const label = (await line.locator("time").textContent())!;
  const start = label
    .split(":")
    .map(Number)
    .reduce((t, p) => t * 60 + p, 0);
  await line.getByRole("button").click();
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThanOrEqual(start);
  await expect(line).toHaveAttribute("aria-current", "true");
  await screens(page, "audio-seek");
});

test("offline mid-recording: the chunks wait on the device and go when the connection returns", async ({ page, context }) => {
  await signIn(page, "board@demo.test");
  const target = await newInterview(page);
  await page.goto(target.path);
  await record(page, 3);
  await context.setOffline(true);
  await expect(card(page).getByText(/^Offline: \d+ s waiting to upload$/)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => elapsedSeconds(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(9);
  const waiting = await card(page)
    .getByText(/^Offline: \d+ s waiting to upload$/)
    .textContent();
  expect(Number(/(\d+) s/.exec(waiting!)![1])).toBeGreaterThanOrEqual(4);
  await screens(page, "audio-offline");
  await context.setOffline(false);
  // The backlog goes at once: the card may pass "Uploading as you go" too fast to see, and it
  // says so when everything recorded is on the server.
  await expect(card(page).getByText(/^Offline:/)).toHaveCount(0, { timeout: 30_000 });
  await expect(card(page).getByText("Everything recorded is uploaded")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => elapsedSeconds(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
  const recorded = await elapsedSeconds(page);
  await card(page).getByRole("button", { name: "Stop" }).click();
  await waitForTranscript(page);
  const [recording] = Object.values((await interviewOf(page, target)).audio);
  // Every second recorded is in the file, the offline stretch included (the file runs on until the
  // Stop click lands, which a loaded machine can delay by a second or two).
  expect(recording.duration_ms! / 1000).toBeGreaterThanOrEqual(recorded - 1.5);
  expect(recording.duration_ms! / 1000).toBeLessThanOrEqual(recorded + 3);
});

test("a reload mid-recording: the next visit finds the recording, uploads what is left and saves it", async ({ page }) => {
  await signIn(page, "board@demo.test");
  const target = await newInterview(page);
  await page.goto(target.path);
  page.on("dialog", (dialog) => void dialog.accept()); // "leave the page?" while recording
  // Uploads fail for a while: chunks pile up in IndexedDB only.
  await page.route("**/api/audio/capture", (route) => route.abort("internetdisconnected"));
  await record(page, 8);
  const recorded = await elapsedSeconds(page);
  await page.unroute("**/api/audio/capture");
  await page.reload();

  const notice = card(page).getByRole("alert").filter({ hasText: "A recording was interrupted: upload and save it" });
  await expect(notice).toBeVisible();
  await screens(page, "audio-interrupted");
  await notice.getByRole("button", { name: "Upload and save" }).click();
  await waitForTranscript(page);
  const [recording] = Object.values((await interviewOf(page, target)).audio);
  // Nothing written before the reload is lost (the second being filled at that instant can be).
  expect(recording.duration_ms! / 1000).toBeGreaterThanOrEqual(recorded - 1.5);
  expect(recording.duration_ms! / 1000).toBeLessThanOrEqual(recorded + 1.5);
  // A new Record starts a new recording.
  await record(page, 2);
  await card(page).getByRole("button", { name: "Stop" }).click();
  await expect.poll(async () => Object.keys((await interviewOf(page, target)).audio).length, { timeout: 60_000 }).toBe(2);
});

test("a failed save shows Retry; a reload in the middle resumes where it stopped", async ({ page }) => {
  await signIn(page, "board@demo.test");
  const target = await newInterview(page);
  await page.goto(target.path);
  await page.route("**/api/audio/finalize", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "overloaded", message: "The service is busy." } }) }),
  );
  await record(page, 4);
  await card(page).getByRole("button", { name: "Stop" }).click();
  const session = card(page).locator("section.audio-session");
  await expect(session.locator('[data-step="upload"]')).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(session.locator('[data-step="finalize"]')).toHaveAttribute("data-status", "error", { timeout: 30_000 });
  await expect(session.getByRole("button", { name: "Retry" })).toBeVisible();
  await screens(page, "audio-step-failed");

  await page.unroute("**/api/audio/finalize");
  await page.reload();
  await waitForTranscript(page);
  const [recording] = Object.values((await interviewOf(page, target)).audio);
  expect(recording.transcript).toBeTruthy();
  expect(recording.summary).toBeTruthy();
});

test("the recorder's tab closed right after Stop: another device sees the steps go by and the transcript and summary arrive", async ({ browser, page }) => {
  await signIn(page, "board@demo.test");
  const target = await newInterview(page);
  // Another device: the administrator's browser, already on the interview's page.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await signIn(watcher, "admin@demo.test");
  await watcher.goto(target.path);
  await expect(card(watcher).getByText("No recordings yet. Press Record to record the interview here.")).toBeVisible();
  // Every line the steps' status shows, however briefly.
  await watcher.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stepsSeen: string[] }).stepsSeen = seen;
    const look = () => {
      for (const el of document.querySelectorAll(".audio-pipeline-step")) {
        const shown = el.textContent?.trim();
        if (shown && !seen.includes(shown)) seen.push(shown);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });

  await page.goto(target.path);
  await card(page).getByLabel("Name of the recording").fill("Closing remarks");
  await record(page, 6);
  const saved = page.waitForResponse((res) => res.url().endsWith("/api/audio/finalize") && res.status() === 200);
  await card(page).getByRole("button", { name: "Stop" }).click();
  await saved;
  await page.close(); // the recorder's tab is gone: the server carries on

  const item = await waitForTranscript(watcher);
  await expect(item.getByRole("heading", { name: "Closing remarks" })).toBeVisible();
  const seen = await watcher.evaluate(() => (window as unknown as { stepsSeen: string[] }).stepsSeen);
  // The transcription's progress as the server reported it while it ran (6 seconds: "0 of 1 minute").
  expect(
    seen.some((s) => /^Transcribing: \d+ of \d+ minutes?$/.test(s)),
    seen.join(" | "),
  ).toBe(true);
  await screens(watcher, "audio-other-device");
  const [recording] = Object.values((await interviewOf(watcher, target)).audio);
  expect(recording.transcript!.en.length).toBeGreaterThan(5);
  expect(recording.summary).toBeTruthy();
  await other.close();
});

test("the candidate records their own published interview; in Spanish, the English transcript is translated", async ({ browser, page }) => {
  await signIn(page, "board@demo.test");
  const target = await newInterview(page, true);
  await page.goto(target.path);
  await record(page, 6);
  await card(page).getByRole("button", { name: "Stop" }).click();
  await waitForTranscript(page);

  const context = await browser.newContext();
  const cleo = await context.newPage();
  await signIn(cleo, "candidate@demo.test");
  await cleo.goto(target.path);
  const item = card(cleo).locator("li.audio-item").first();
  // Cleo reads Spanish: the card in Spanish, the transcript translated (apertium eng→spa), the original a click away.
  await expect(card(cleo).getByRole("heading", { name: "Grabaciones" })).toBeVisible();
  await expect(item.getByRole("button", { name: "Mostrar original (inglés)" })).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText("Traducido del inglés.")).toBeVisible();
  await screens(cleo, "audio-candidate-es");
  await item.getByRole("button", { name: "Mostrar original (inglés)" }).click();
  await expect(item.getByRole("button", { name: "Mostrar en español" })).toBeVisible();
  // She may record too (her interview is published), in her language.
  await expect(card(cleo).getByRole("button", { name: "Grabar" })).toBeVisible();
  await context.close();
});

test.describe("when recording cannot start, the card says why", () => {
  test("an unsupported browser", async ({ page }) => {
    await page.addInitScript(() => {
      // @ts-expect-error a browser without MediaRecorder
      delete window.MediaRecorder;
    });
    await signIn(page, "board@demo.test");
    const target = await newInterview(page);
    await page.goto(target.path);
    await expect(card(page).getByText(/This browser cannot record audio/)).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Record", exact: true })).toHaveCount(0);
    await screens(page, "audio-unsupported");
  });

  async function launch(args: string[]): Promise<Browser> {
    return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
  }

  test("a refused microphone", async () => {
    // No fake UI: nobody grants the permission, so the browser refuses it.
    const browser = await launch(["--use-fake-device-for-media-stream"]);
    const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await signIn(page, "board@demo.test");
    const target = await newInterview(page);
    await page.goto(target.path);
    await card(page).getByRole("button", { name: "Record", exact: true }).click();
    await expect(card(page).getByText(/The microphone is blocked for this site/)).toBeVisible();
    await expect(card(page).getByRole("button", { name: "Record", exact: true })).toBeEnabled();
    await screens(page, "audio-denied");
    await browser.close();
  });

  test("no microphone", async () => {
    const browser = await launch(["--use-fake-ui-for-media-stream"]);
    const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await signIn(page, "board@demo.test");
    const target = await newInterview(page);
    await page.goto(target.path);
    await card(page).getByRole("button", { name: "Record", exact: true }).click();
    await expect(card(page).getByText(/No microphone was found/)).toBeVisible();
    await screens(page, "audio-no-microphone");
    await browser.close();
  });
});
