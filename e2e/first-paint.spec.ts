import { expect, test } from "@playwright/test";
import { signIn } from "./helpers";

/**
 * The signed-in pages come with their content in the HTML (app/(app)/_prefetch/prefetch-queries.ts): read
 * with JavaScript off, a person's page, an interview, the people and interviews lists and the
 * conversations already show what they are about, rather than a loading skeleton waiting for the browser's own
 * requests. Each list is checked for a record made just before, so none of it can come from a
 * build-time render.
 */
test("pages are readable before their JavaScript runs: the person, the interview, the lists, the chat", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "admin@demo.test");
  const suffix = Date.now().toString(36);
  const roles = (await (await page.request.get("/api/roles")).json()) as { id: string; kind: string }[];
  const candidate = roles.find((r) => r.kind === "candidate")!.id;
  const person = await page.request.post("/api/people", {
    data: { first: "Paint", last: `First ${suffix}`, email: `first-paint-${suffix}@example.test`, roles: { [candidate]: 1 } },
  });
  expect(person.status(), await person.text()).toBe(201);
  const { id: personId } = await person.json();
  const interview = await page.request.post(`/api/interviews/${personId}`, { data: { date: "2026-11-20" } });
  expect(interview.status(), await interview.text()).toBe(201);
  const { id: interviewId } = await interview.json();
  const conversation = await page.request.post("/api/messages", { data: { participants: [personId], body: `First words ${suffix}` } });
  expect(conversation.status(), await conversation.text()).toBe(201);
  const { id: conversationId } = await conversation.json();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies(await context.cookies());
  const reader = await noScript.newPage();

  await reader.goto(`/people/${personId}`);
  await expect(reader.getByRole("heading", { level: 1, name: `Paint First ${suffix}` })).toBeVisible();
  await expect(reader.getByLabel("E-mail")).toHaveValue(`first-paint-${suffix}@example.test`);

  await reader.goto(`/interviews/${personId}/${interviewId}`);
  await expect(reader.getByRole("heading", { level: 1 })).toContainText(`Paint First ${suffix}`);
  await expect(reader.getByText("November 20, 2026").first()).toBeVisible();

  await reader.goto("/people");
  await expect(reader.getByText(`Paint First ${suffix}`)).toBeVisible();

  await reader.goto("/interviews");
  await expect(reader.getByRole("link", { name: new RegExp(`Paint First ${suffix}`) }).first()).toBeVisible();

  await reader.goto("/messages");
  await expect(reader.getByRole("link", { name: new RegExp(`Paint First ${suffix}`) })).toContainText(`First words ${suffix}`);

  // The conversation's own rows are placed by a virtualizer, which needs the page's layout:
  // they come with the first render in the browser, from the data that came with the HTML.
  await reader.goto(`/messages/${conversationId}`);
  await expect(reader.getByRole("region", { name: "Conversation" }).getByRole("heading", { name: `Paint First ${suffix}` })).toBeVisible();

  for (const path of ["/people", `/people/${personId}`, "/interviews", "/messages", `/messages/${conversationId}`]) {
    await reader.goto(path);
    await expect(reader.locator("[aria-busy=true]"), path).toHaveCount(0);
  }
  await noScript.close();
  expect((await page.request.delete(`/api/people/${personId}`)).status()).toBe(200);
  await context.close();
});
