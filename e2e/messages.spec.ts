import { expect, test, type Page } from "@playwright/test";
import { screens, signIn } from "./helpers";

// The demo district: Ada Admin (staff, English) writes to Cleo Candidate, who reads Spanish.
// Translation is apertium (Debian's apertium-eng-spa), or OPENAI_BASE_URL's server when set.
// Both people have the app open in their own browser context; everything arrives live over
// the embedded Pusher-protocol server that `npm start` runs.

/** Sets the signed-in person's language the way the page itself would (same-origin fetch). */
async function setLanguage(page: Page, language: string) {
  const status = await page.evaluate(async (lang) => {
    const res = await fetch("/api/me", { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: lang }) });
    return res.status;
  }, language);
  expect(status).toBe(200);
}

const composer = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const conversationLink = (page: Page, name: RegExp) => page.getByRole("list", { name: /Conversations|Conversaciones/ }).getByRole("link", { name });

test("an English and a Spanish reader chat live, each in their own language; reactions, typing and going offline lose nothing", async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const cleoContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const cleo = await cleoContext.newPage();

  await signIn(admin, "admin@demo.test");
  await signIn(cleo, "candidate@demo.test");
  await setLanguage(cleo, "es");

  // Cleo waits on her (Spanish) messages page; nothing yet.
  await cleo.goto("/messages");
  await expect(cleo.getByRole("heading", { name: "Mensajes", level: 1 })).toBeVisible();
  await expect(cleo.getByText("Aún no hay conversaciones")).toBeVisible();

  // Ada starts a conversation from the nav, picking Cleo among her contacts.
  await admin.goto("/people");
  await admin
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: /^Messages/ })
    .click();
  await expect(admin).toHaveURL(/\/messages$/);
  await admin.getByRole("button", { name: "New", exact: true }).click();
  const dialog = admin.getByRole("dialog", { name: "New conversation" });
  await dialog.getByRole("searchbox", { name: "Search people" }).fill("cleo");
  await dialog.getByRole("checkbox", { name: "Cleo Candidate" }).check();
  await dialog.getByLabel("Message", { exact: true }).fill("Good morning, Cleo. Your interview is confirmed for Monday.");
  await screens(admin, "chat-new-conversation");
  await dialog.getByRole("button", { name: "Start conversation" }).click();
  await expect(admin).toHaveURL(/\/messages\/[A-Za-z0-9_-]+$/);
  await expect(admin.getByRole("article", { name: "Message from You" })).toContainText("Good morning, Cleo.");

  // It reaches Cleo at once: the list, its preview in Spanish, the unread badges.
  const row = conversationLink(cleo, /Ada Admin/);
  await expect(row).toBeVisible();
  await expect(row).toContainText("1 mensaje sin leer");
  await expect(cleo.getByTestId("unread-total")).toHaveText(/^1/);
  await expect(row).not.toContainText("Good morning");
  await screens(cleo, "chat-list-unread-es");
  // On a phone the menu is folded: its button carries the count.
  await expect(cleo.getByTestId("unread-total-menu")).toBeHidden();
  await cleo.setViewportSize({ width: 390, height: 800 });
  await expect(cleo.getByRole("button", { name: /Menú/ }).getByTestId("unread-total-menu")).toHaveText(/^1/);
  await cleo.setViewportSize({ width: 1280, height: 800 });

  // Cleo opens it: Spanish, with the original a click away.
  await row.click();
  const first = cleo.getByRole("article", { name: "Mensaje de Ada Admin" }).first();
  await expect(first).toContainText("Traducido del inglés");
  await expect(first.locator(".msg-body")).not.toContainText("Your interview");
  await expect(first.locator(".msg-body")).toContainText(/lunes/i);
  await expect(cleo.getByTestId("unread-total")).toHaveCount(0);
  await first.getByRole("button", { name: "Ver original" }).click();
  await expect(first.locator(".msg-body")).toHaveText("Good morning, Cleo. Your interview is confirmed for Monday.");
  await first.getByRole("button", { name: "Ver traducción" }).click();
  // Ada sees that Cleo read it.
  await expect(admin.getByText("Seen by Cleo")).toBeVisible();

  // Typing shows on the other side, through client events.
  await composer(cleo, "Mensaje").pressSequentially("Gracias");
  await expect(admin.getByText("Cleo is typing…")).toBeVisible();
  await composer(cleo, "Mensaje").fill("Gracias, allí estaré el lunes por la mañana.");
  // Enter sends (Shift+Enter would make a new line).
  await composer(cleo, "Mensaje").press("Enter");
  await expect(cleo.getByRole("article", { name: "Mensaje de Usted" }).last()).toContainText("Gracias, allí estaré");
  await expect(composer(cleo, "Mensaje")).toHaveValue("");

  // Ada reads it in English, translated from Spanish, and the typing line is gone.
  const reply = admin.getByRole("article", { name: "Message from Cleo Candidate" }).last();
  await expect(reply).toContainText("Translated from Spanish");
  await expect(reply.locator(".msg-body")).toContainText(/Monday/i);
  await expect(admin.getByText("Cleo is typing…")).toHaveCount(0);

  // A reaction: Ada picks 👍, Cleo sees it with who reacted.
  await reply.getByRole("button", { name: "Add a reaction" }).click();
  await admin.getByRole("button", { name: "React with 👍" }).click();
  await expect(reply.getByRole("button", { name: /👍 1 reaction, by You/ })).toHaveAttribute("aria-pressed", "true");
  const mine = cleo.getByRole("article", { name: "Mensaje de Usted" }).last();
  await expect(mine.getByRole("button", { name: /👍 1 reacción, de Ada Admin/ })).toBeVisible();
  await screens(admin, "chat-conversation-en");
  await screens(cleo, "chat-conversation-es");

  // Cleo's connection drops: a banner says so; Ada posts twice meanwhile.
  await cleoContext.setOffline(true);
  await expect(cleo.getByText("Está sin conexión")).toBeVisible();
  await screens(cleo, "chat-offline-es");
  for (const text of ["The room is 204, second floor.", "Bring your certificate, please."]) {
    await composer(admin, "Message").fill(text);
    await admin.getByRole("button", { name: "Send" }).click();
    await expect(admin.getByRole("article", { name: "Message from You" }).last()).toContainText(text);
  }
  await expect(cleo.getByRole("article", { name: "Mensaje de Ada Admin" })).toHaveCount(1);

  // Back online: the banner goes, and nothing was lost.
  await cleoContext.setOffline(false);
  await expect(cleo.getByText("Está sin conexión")).toHaveCount(0);
  await expect(cleo.getByRole("article", { name: "Mensaje de Ada Admin" })).toHaveCount(3);
  await expect(cleo.getByRole("article", { name: "Mensaje de Ada Admin" }).last()).toContainText("Traducido del inglés");

  // Live after the reconnect too.
  await composer(admin, "Message").fill("See you on Monday!");
  await composer(admin, "Message").press("Enter");
  await expect(cleo.getByRole("article", { name: "Mensaje de Ada Admin" })).toHaveCount(4);

  // The list, on each side.
  await cleo.goto("/messages");
  await expect(conversationLink(cleo, /Ada Admin/)).not.toContainText("See you");
  await screens(cleo, "chat-list-es");
  await admin.goto("/messages");
  await expect(conversationLink(admin, /Cleo Candidate/)).toContainText("See you on Monday!");
  await screens(admin, "chat-list-en");

  await adminContext.close();
  await cleoContext.close();
});

/** POSTs as the page's signed-in person, the way another of their tabs would. */
async function postAs(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(p as string, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(b) });
      return (await res.json()) as { id: string };
    },
    [path, body] as const,
  );
}

test("the list reorders live; a failed send stays with Retry; a group can be left, with confirmation", async ({ page }) => {
  await signIn(page, "admin@demo.test");
  await page.goto("/messages");
  const contacts = await page.evaluate(async () => (await (await fetch("/api/messages/contacts")).json()) as { id: string; first: string }[]);
  const bea = contacts.find((c) => c.first === "Bea")!;
  const direct = await postAs(page, "/api/messages", { participants: [bea.id], body: "A direct word, Bea." });
  await page.getByRole("button", { name: "New", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New conversation" });
  await dialog.getByRole("checkbox", { name: "Bea Board" }).check();
  await dialog.getByRole("checkbox", { name: "Max Mentor" }).check();
  await dialog.getByLabel("Message", { exact: true }).fill("Board and mentor: planning for next week.");
  await dialog.getByRole("button", { name: "Start conversation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bea Board and Max Mentor");
  await expect(page.getByText("3 people")).toBeVisible();

  // Newest activity first, and live: a message posted elsewhere moves its conversation up.
  const items = page.getByRole("list", { name: "Conversations" }).getByRole("link");
  await expect(items.first()).toContainText("Bea Board and Max Mentor");
  await postAs(page, `/api/messages/${direct.id}`, { body: "Sent from my other tab." });
  await expect(items.first()).toContainText("You: Sent from my other tab.");
  await expect(items.nth(1)).toContainText("Bea Board and Max Mentor");

  // The server refuses once: the message stays, marked, with Retry.
  let refuse = true;
  await page.route("**/api/messages/*", async (route) => {
    if (route.request().method() === "POST" && refuse) {
      refuse = false;
      return route.fulfill({ status: 503, body: "" });
    }
    return route.continue();
  });
  await composer(page, "Message").fill("Agenda attached soon.");
  await composer(page, "Message").press("Shift+Enter");
  await composer(page, "Message").pressSequentially("Second line.");
  await composer(page, "Message").press("Enter");
  const failed = page.getByRole("article", { name: "Message from You" }).last();
  await expect(failed).toContainText("Not sent.");
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText("Not sent.")).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Message from You" }).last().locator(".msg-body")).toHaveText(/^Agenda attached soon\.\s+Second line\.$/);

  await page.getByRole("button", { name: "Leave" }).click();
  const confirm = page.getByRole("dialog", { name: "Leave this conversation?" });
  await confirm.getByRole("button", { name: "Leave conversation" }).click();
  await expect(page.getByText("You left this conversation: you can read it up to then.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveCount(0);
  await expect(page.getByRole("note")).toContainText("Ada Admin left the conversation");
});
