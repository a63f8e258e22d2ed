import { expect, test, type Browser, type Page } from "@playwright/test";
import { latestMailTo, requestLink, screens, signIn } from "./helpers";

/**
 * Every page, as every role reads it, in English and in Spanish: each visit is screenshotted
 * and checked with axe at desktop and phone sizes (screens). Staff switch their own language
 * with the switcher in the header, which saves it to them, and switch back at the end; Cleo,
 * the demo candidate, reads in Spanish to start with.
 */

// Each role's tour visits many pages (the administrator's about 20 in each language), each screenshotted and checked twice.
test.describe.configure({ mode: "serial", timeout: 720_000 });

type Language = "en" | "es";
type Ids = { cleo: string; published: string; draft: string; form: string; admin: string };
let ids: Ids;

const EMAIL = { admin: "admin@demo.test", board: "board@demo.test", mentor: "mentor@demo.test", candidate: "candidate@demo.test" };

/** The interface language, changed with the header's switcher (saved to the person) when it is another one. */
async function useLanguage(page: Page, language: Language) {
  const html = page.locator("html");
  if ((await html.getAttribute("lang")) === language) return;
  await page.getByRole("banner").getByRole("combobox").selectOption(language);
  await expect(html).toHaveAttribute("lang", language);
}

/** Opens a page, waits until it has its heading and nothing is loading any more, then screens it. */
async function visit(page: Page, path: string, name: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  await screens(page, name);
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return { page, close: () => context.close() };
}

/** Each role's pages, in their own language first, then in the other one (restored by afterAll). */
async function tour(browser: Browser, role: keyof typeof EMAIL, own: Language, pages: (ids: Ids) => [string, string][]) {
  const { page, close } = await signedIn(browser, EMAIL[role]);
  await expect(page.locator("html")).toHaveAttribute("lang", own);
  for (const language of [own, own === "en" ? "es" : "en"] as Language[]) {
    await useLanguage(page, language);
    for (const [path, name] of pages(ids)) await visit(page, path, `tour-${role}-${language}-${name}`);
  }
  await close();
}

/** The demo people's own languages: whatever a tour left behind, the other specs find them as seeded. */
const SEEDED_LANGUAGE: Record<keyof typeof EMAIL, Language> = { admin: "en", board: "en", mentor: "en", candidate: "es" };

test.beforeAll(async ({ browser }) => {
  const { page, close } = await signedIn(browser, EMAIL.admin);
  const people = (await (await page.request.get("/api/people")).json()) as { id: string; email: string }[];
  const cleo = people.find((p) => p.email === EMAIL.candidate)!.id;
  const interviews = (await (await page.request.get(`/api/interviews?person_id=${cleo}`)).json()) as { id: string; published: 0 | 1 }[];
  const forms = (await (await page.request.get("/api/forms")).json()) as { id: string }[];
  ids = {
    cleo,
    admin: people.find((p) => p.email === EMAIL.admin)!.id,
    published: interviews.find((i) => i.published)!.id,
    draft: interviews.find((i) => !i.published)!.id,
    form: forms[0].id,
  };
  await close();
});

test.afterAll(async ({ browser }) => {
  const { page, close } = await signedIn(browser, EMAIL.admin);
  const people = (await (await page.request.get("/api/people")).json()) as { id: string; email: string }[];
  for (const [role, language] of Object.entries(SEEDED_LANGUAGE)) {
    const person = people.find((p) => p.email === EMAIL[role as keyof typeof EMAIL])!;
    expect((await page.request.patch(`/api/people/${person.id}`, { data: { language } })).status()).toBe(200);
  }
  await close();
});

for (const language of ["en", "es"] as const) {
  test(`a visitor's pages in ${language === "en" ? "English" : "Spanish"}: sign-in, check e-mail, unknown page, outbox`, async ({ browser }) => {
    const context = await browser.newContext({ locale: language === "en" ? "en-US" : "es-ES" });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await screens(page, `tour-visitor-${language}-sign-in`);
    await page.goto("/sign-in?error=Verification&signedOut=1");
    await expect(page.getByRole("alert")).toBeVisible();
    await screens(page, `tour-visitor-${language}-sign-in-error`);
    await requestLink(page, EMAIL.admin);
    await screens(page, `tour-visitor-${language}-check-email`);
    await visit(page, "/no-such-page", `tour-visitor-${language}-not-found`);
    await expect(page.getByRole("link", { name: language === "en" ? "Sign in" : "Iniciar sesión" })).toBeVisible();
    await visit(page, "/dev/outbox", `tour-visitor-${language}-outbox`);
    // An e-mail's unsubscribe link: a link that is not (or no longer) valid, and the page after it worked.
    await visit(page, "/unsubscribe?token=not-a-token", `tour-visitor-${language}-unsubscribe-invalid`);
    await visit(page, "/unsubscribe?done=messages", `tour-visitor-${language}-unsubscribe-done`);
    await context.close();
  });
}

test("every page of an administrator, in English and Spanish", async ({ browser }) => {
  await tour(browser, "admin", "en", (ids) => [
    ["/", "start"],
    ["/people", "people"],
    [`/people/${ids.cleo}`, "person"],
    [`/people/${ids.admin}`, "own-person"],
    ["/interviews", "interviews"],
    [`/interviews/${ids.cleo}/${ids.draft}`, "interview-draft"],
    [`/interviews/${ids.cleo}/${ids.published}`, "interview-published"],
    ["/settings/roles", "settings-roles"],
    ["/settings/tags", "settings-tags"],
    ["/settings/forms", "settings-forms"],
    [`/settings/forms/${ids.form}`, "form-editor"],
    ["/settings/boards", "settings-boards"],
    ["/settings/profiles", "settings-profiles"],
    ["/settings/keys", "settings-keys"],
    ["/settings/webhooks", "settings-webhooks"],
    ["/settings/jobs", "settings-jobs"],
    ["/settings/audit", "settings-audit"],
    ["/settings/retention", "settings-retention"],
    ["/settings/calendar", "settings-calendar"],
    ["/settings/sso", "settings-sso"],
    ["/account", "account"],
    ["/no-such-page", "not-found"],
  ]);
});

test("every page of a board member, in English and Spanish: the start page is the drafts waiting", async ({ browser }) => {
  const { page, close } = await signedIn(browser, EMAIL.board);
  // Their list is at / itself (no redirect), filtered to drafts; the URL stays /.
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("draft");
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/^Interviews/);
  await close();
  await tour(browser, "board", "en", (ids) => [
    ["/", "start"],
    ["/people", "people"],
    [`/people/${ids.cleo}`, "person"],
    [`/interviews/${ids.cleo}/${ids.draft}`, "interview-draft"],
    ["/settings", "settings-refused"],
  ]);
});

test("every page of a mentor, in English and Spanish: his candidates with their latest interview", async ({ browser }) => {
  await tour(browser, "mentor", "en", (ids) => [
    ["/", "home"],
    [`/people/${ids.cleo}`, "person"],
    ["/interviews", "interviews"],
    [`/interviews/${ids.cleo}/${ids.published}`, "interview"],
    ["/settings", "settings-refused"],
    ["/no-such-page", "not-found"],
  ]);
});

test("every page of a candidate, in Spanish and English: her own home, nothing district-wide", async ({ browser }) => {
  const { page, close } = await signedIn(browser, EMAIL.candidate);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hola, Cleo");
  // Her navigation: her home and her interviews, nothing of the district's.
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Inicio", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Entrevistas", exact: true })).toBeVisible();
  for (const name of ["Personas", "Configuración"]) await expect(nav.getByRole("link", { name })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Sus entrevistas" }).getByRole("link", { name: "14 de octubre de 2026" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /rol|etiqueta/i })).toHaveCount(0);
  // Other people's pages are not hers: the district list sends her home.
  await page.goto("/people");
  await expect(page).toHaveURL(/\/$/);
  await close();
  await tour(browser, "candidate", "es", (ids) => [
    ["/", "home"],
    ["/interviews", "interviews"],
    [`/interviews/${ids.cleo}/${ids.published}`, "interview"],
    [`/interviews/${ids.cleo}/${ids.draft}`, "interview-draft"],
    [`/people/${ids.cleo}`, "own-person"],
    ["/account", "account"],
    ["/settings", "settings-refused"],
    ["/no-such-page", "not-found"],
  ]);
});

test("the language switcher saves the person's language: pages, and his e-mails, follow it", async ({ browser }) => {
  const { page, close } = await signedIn(browser, EMAIL.mentor);
  await useLanguage(page, "es");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sus candidatos");
  const me = (await (await page.request.get("/api/me")).json()) as { person: { language: string } };
  expect(me.person.language).toBe("es");
  // His next sign-in e-mail is written in Spanish, whatever the browser asking for it speaks.
  const started = Date.now();
  const stranger = await browser.newPage();
  await requestLink(stranger, EMAIL.mentor);
  await stranger.close();
  expect((await latestMailTo(EMAIL.mentor, started)).subject).toBe("Su enlace para iniciar sesión en Administración de Credenciales");
  await useLanguage(page, "en");
  await close();
});
