import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { latestMailTo, linkIn, requestLink, screens } from "./helpers";

// Two board members score an interview of the demo's candidate with the demo form (whose
// "Readiness for the credential" and "Questions to raise with the other members" are scorecard
// fields): Bea Board (board@demo.test) and a second member the admin adds through the API, on a
// board of their own. Each sees the other's scorecard only once their own is submitted.

const READINESS = "Readiness for the credential";
const QUESTIONS = "Questions to raise with the other members";
const BEA_NOTE = "Bea: clear sense of calling; references are strong.";
const SAM_NOTE = "Sam: wants more supervised practice first.";

/** The e-mail link sign-in, waiting for the page's content rather than its "load" (which the busy build machine delayed for minutes). */
async function signIn(page: Page, email: string) {
  const started = Date.now();
  await requestLink(page, email);
  await page.goto(linkIn(await latestMailTo(email, started)), { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

const open = (page: Page, url: string) => page.goto(url, { waitUntil: "domcontentloaded" });

async function json<T>(request: APIRequestContext, method: "get" | "post", path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, data === undefined ? {} : { data });
  expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** As the admin: a second board member, a board of Bea and them, and an interview of Cleo's held by it. */
async function setUp(admin: Page) {
  const r = admin.request;
  const roles = await json<{ id: string; kind: string }[]>(r, "get", "/api/roles");
  const people = await json<{ id: string; email: string }[]>(r, "get", "/api/people?archived=true");
  const forms = await json<{ id: string; name: string }[]>(r, "get", "/api/forms");
  const email = `sam-${Date.now()}@demo.test`;
  const sam = await json<{ id: string }>(r, "post", "/api/people", {
    first: "Sam",
    last: "Scorer",
    email,
    roles: { [roles.find((x) => x.kind === "board")!.id]: 1 },
  });
  const bea = people.find((p) => p.email === "board@demo.test")!;
  const cleo = people.find((p) => p.email === "candidate@demo.test")!;
  const board = await json<{ id: string }>(r, "post", "/api/boards", { name: `Scorecard panel ${Date.now()}`, members: [bea.id, sam.id] });
  const form = forms.find((f) => f.name === "Credential board interview")!;
  const interview = await json<{ id: string }>(r, "post", `/api/interviews/${cleo.id}`, { date: "2027-01-20", form_id: form.id, board_id: board.id });
  return { samEmail: email, url: `/interviews/${cleo.id}/${interview.id}` };
}

/** Fills the member's own scorecard and submits it, confirming. */
async function fillAndSubmit(
  page: Page,
  { readiness, questions, recommendation, note }: { readiness: string; questions: string; recommendation: string; note: string },
) {
  const mine = page.getByRole("region", { name: "Your scorecard" });
  await mine.getByLabel(READINESS).selectOption({ label: readiness });
  await mine.getByLabel(QUESTIONS).fill(questions);
  await mine.getByRole("radio", { name: recommendation, exact: true }).check();
  await mine.getByLabel("Note", { exact: true }).fill(note);
  await mine.getByLabel("Note", { exact: true }).blur();
  await expect(mine.getByText("Draft saved")).toBeVisible();
  return mine;
}

async function submit(page: Page) {
  await page.getByRole("button", { name: "Submit scorecard" }).click();
  const confirm = page.getByRole("dialog", { name: "Submit your scorecard?" });
  await expect(confirm).toContainText(/cannot be changed unless an admin reopens it/);
  await confirm.getByRole("button", { name: "Submit scorecard" }).click();
  await expect(confirm).toHaveCount(0);
}

test("two board members fill scorecards; the second sees the first's only after submitting", async ({ page, browser }) => {
  // Three people sign in, and five pages are checked with axe at two widths.
  test.setTimeout(300_000);
  await signIn(page, "admin@demo.test");
  const { samEmail, url } = await setUp(page);

  // Bea fills and submits hers; nobody else's exists yet.
  const beaContext = await browser.newContext();
  const bea = await beaContext.newPage();
  await signIn(bea, "board@demo.test");
  await open(bea, url);
  const beaCard = await fillAndSubmit(bea, { readiness: "Ready now", questions: "None: ready.", recommendation: "Strong yes", note: BEA_NOTE });
  await expect(beaCard.getByText("Other members' scorecards appear after you submit yours.")).toBeVisible();
  await screens(bea, "scorecard-draft");
  await submit(bea);
  await expect(beaCard.getByText("Submitted", { exact: true })).toBeVisible();
  const beaBoard = bea.getByRole("region", { name: "The board's scorecards" });
  await expect(beaBoard.getByText("No other member has submitted a scorecard yet.")).toBeVisible();

  // Sam, before submitting: his own draft only, nothing of Bea's, not even that she submitted.
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await signIn(sam, samEmail);
  await open(sam, url);
  await expect(sam.getByRole("region", { name: "Your scorecard" })).toBeVisible();
  await expect(sam.getByText("Other members' scorecards appear after you submit yours.")).toBeVisible();
  await expect(sam.getByRole("region", { name: "The board's scorecards" })).toHaveCount(0);
  await expect(sam.getByText(BEA_NOTE)).toHaveCount(0);
  await expect(sam.getByText("Bea Board")).toHaveCount(0);
  await fillAndSubmit(sam, { readiness: "Ready with some growth", questions: "Supervised practice?", recommendation: "Yes", note: SAM_NOTE });
  await screens(sam, "scorecard-before-submit");
  await expect(sam.getByText(BEA_NOTE)).toHaveCount(0);

  // Submitted: Bea's appears, with the tally of both.
  await submit(sam);
  const samBoard = sam.getByRole("region", { name: "The board's scorecards" });
  const beaItem = samBoard.getByRole("listitem").filter({ hasText: "Bea Board" });
  await expect(beaItem).toContainText(BEA_NOTE);
  await expect(beaItem).toContainText("Strong yes");
  await expect(beaItem).toContainText("Ready now");
  await expect(samBoard.locator(".sc-tally")).toContainText("Yes1 scorecard");
  await expect(samBoard.locator(".sc-tally")).toContainText("Strong yes1 scorecard");
  await screens(sam, "scorecard-after-submit");

  // Bea's open page learns of it over realtime, without a reload.
  await expect(beaBoard.getByRole("listitem").filter({ hasText: "Sam Scorer" })).toContainText(SAM_NOTE);

  // The admin sees both, may reopen either, and records the board's decision with the tally.
  await open(page, url);
  const all = page.getByRole("region", { name: "The board's scorecards" });
  await expect(all.getByRole("listitem")).toHaveCount(2);
  await expect(all.getByRole("button", { name: "Reopen Sam Scorer's scorecard" })).toBeVisible();
  const decision = page.getByRole("region", { name: "Board's recommendation" });
  await decision.getByRole("radio", { name: "Yes", exact: true }).check();
  await decision.getByRole("button", { name: "Save decision" }).click();
  await expect(page.getByText("Decision saved")).toBeVisible();
  await expect(decision.locator(".sc-tally")).toContainText("Strong yes1 scorecard");
  await screens(page, "scorecard-admin");
  await beaContext.close();
  await samContext.close();
});
