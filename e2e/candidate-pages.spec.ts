import { expect, test } from "@playwright/test";
import { EMAIL } from "../bench/pages-routes";
import { signIn } from "./helpers";
import { transcribedRecording } from "./recording-fixture";

/**
 * A candidate's start page and own interview are rendered on the server (app/(app)/_reader), so
 * a phone hydrates only their live parts: they read whole with JavaScript off, and the start page
 * is rendered again with what changed when the candidate comes back to the tab after 15 s
 * (components/ui/refresh-on-return.tsx), as the query-backed pages refetch on focus.
 */
test("a candidate's start page and interview come from the server, and the start page catches up when she returns to the tab", async ({ browser }) => {
  const admin = await browser.newPage();
  await signIn(admin, EMAIL.admin);
  const post = async (path: string, data: unknown, method: "post" | "patch" = "post") => {
    const res = await admin.request[method](path, { data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as { id: string };
  };

  // A Spanish-speaking candidate of this test's own, with a published interview on a form of its
  // own: other specs change the demo's, and the messages spec counts on Cleo having no conversation.
  const word = Date.now().toString(36);
  const roles = (await (await admin.request.get("/api/roles")).json()) as { id: string; kind: string }[];
  const candidateRole = roles.find((r) => r.kind === "candidate")!.id;
  const email = `reader-${word}@example.test`;
  const person = await post("/api/people", { first: "Rita", last: `Reader ${word}`, email, language: "es", roles: { [candidateRole]: 1 } });
  const form = await post("/api/forms", { name: `Reading ${word}`, fields: [{ id: "said", type: "text", label: { en: "What she said" } }] });
  const interview = await post(`/api/interviews/${person.id}`, { date: "2026-11-20", form_id: form.id });
  await post(`/api/interviews/${person.id}/${interview.id}`, { responses: { said: { en: `Answers of ${word}` } }, published: 1 }, "patch");

  const candidate = await browser.newPage();
  await signIn(candidate, email);
  await expect(candidate.getByRole("heading", { level: 1 })).toHaveText("Hola, Rita");

  // With JavaScript off, her interview is all there: the header, the form's answers and the recordings' card.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies(await candidate.context().cookies());
  const reader = await noScript.newPage();
  await reader.goto(`/interviews/${person.id}/${interview.id}`);
  await expect(reader.getByRole("heading", { level: 1 })).toContainText("Su entrevista");
  await expect(reader.getByRole("region", { name: "Respuestas" })).toContainText(`Answers of ${word}`);
  await expect(reader.getByRole("heading", { name: "Grabaciones" })).toBeVisible();
  await noScript.close();

  // A message for her, written while her start page is open: the page does not know yet.
  // (She reads it in Spanish, translated: the unique word is what stays; her name holds `word` itself.)
  const unread = `note${word}`;
  const body = `Welcome back ${unread}`;
  const sent = await admin.request.post("/api/messages", { data: { participants: [person.id], body } });
  expect(sent.status(), await sent.text()).toBe(201);
  const conversations = candidate.getByRole("region", { name: "Sus conversaciones" });
  await expect(candidate.getByText(unread)).toHaveCount(0);

  // Back to the tab more than 15 s after the page was rendered: rendered again, with the message.
  await candidate.waitForTimeout(15_500);
  await candidate.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(conversations).toContainText(unread);
  await expect(candidate.getByRole("heading", { level: 1 })).toHaveText("Hola, Rita");
  await admin.close();
  await candidate.close();
});

/**
 * The recordings card of a candidate's interview is the server's HTML until the page has loaded
 * (components/interviews/candidate-recordings.tsx): its player plays, its transcript reads, and
 * the buttons that need the card's code wait, disabled, until it is in; then a passage seeks.
 */
test("a candidate's recordings read as HTML first; once the card's code is in, a passage of the transcript plays from there", async ({ browser }) => {
  test.setTimeout(300_000);
  const board = await browser.newPage();
  await signIn(board, "board@demo.test");
  const { target, recordingId, segments } = await transcribedRecording(
    board.request,
    "2029-04-12",
    ["Good afternoon and thank you for coming in today.", "Tell us about the students you mentored last spring."],
    "Reading session",
  );
  const later = segments.findIndex((s) => s.start >= 20);
  expect(later, "the engine heard the second sentence").toBeGreaterThan(0);
  const at = Math.floor(segments[later].start);
  const clock = `${Math.floor(at / 60)}:${String(at % 60).padStart(2, "0")}`;
  await board.close();

  const candidate = await browser.newPage();
  await signIn(candidate, EMAIL.candidate);
  const item = (page: typeof candidate) => page.locator(`li[data-recording-id="${recordingId}"]`);

  // JavaScript off: the player is there with its file, the transcript reads, its passages wait.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies(await candidate.context().cookies());
  const reader = await noScript.newPage();
  await reader.goto(target.path);
  await expect(item(reader).locator("audio")).toHaveAttribute("src", /.+/);
  // (In the candidate's language: the passages are the transcript's, each with its time.)
  const passages = (page: typeof candidate) => item(page).locator(".audio-transcript .audio-segment");
  await expect(passages(reader)).toHaveCount(segments.length);
  await expect(passages(reader).nth(later)).toContainText(clock);
  await expect(passages(reader).nth(later)).toBeDisabled();
  await noScript.close();

  // JavaScript on: the passages come alive after the load, and one plays from its start.
  await candidate.goto(target.path);
  const passage = passages(candidate).nth(later);
  await expect(passage).toBeEnabled({ timeout: 15_000 });
  await passage.click();
  await expect
    .poll(() =>
      item(candidate)
        .locator("audio")
        .evaluate((a: HTMLAudioElement) => a.currentTime),
    )
    .toBeGreaterThanOrEqual(segments[later].start - 0.5);
  await candidate.close();
});
