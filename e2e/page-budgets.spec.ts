import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { demoIds, EMAIL, ROUTES, routeLabel, type Ids, type Role } from "../bench/pages-routes";
import { visit } from "../bench/pages-visit";
import { signIn } from "./helpers";

/**
 * Each page bench:pages measures, as the same person, holds to its first-load JavaScript budget
 * in e2e/page-budgets.json: the gzipped bytes (level 6) of the scripts it requests before its
 * load event, on a cold cache, measured as the bench measures them (bench/pages-visit.ts). A
 * budget may only go down: one higher than in the last commit fails. After a page got lighter,
 * lower its budget to the measured size rounded up to the next KB plus 2 KB.
 */

const BUDGETS_FILE = "e2e/page-budgets.json";
const budgets = JSON.parse(fs.readFileSync(BUDGETS_FILE, "utf8")) as Record<string, number>;
const budgetKey = (label: string, as: Role | null) => `${label} as ${as ?? "visitor"}`;

/** The budgets as last committed; none when the file is new. */
function committedBudgets(): Record<string, number> {
  try {
    const text = execFileSync("git", ["show", `HEAD:${BUDGETS_FILE}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return JSON.parse(text) as Record<string, number>;
  } catch {
    return {};
  }
}

let ids: Ids;
const tokens = new Map<Role, string>();

// Each role signs in once through the e-mail link; every visit then starts from a fresh context
// (cold cache) with that session's cookie, as in bench:pages.
test.beforeAll(async ({ browser }) => {
  for (const role of Object.keys(EMAIL) as Role[]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, EMAIL[role]);
    const cookie = (await context.cookies()).find((c) => c.name === "next-auth.session-token");
    expect(cookie, `${role}'s session cookie`).toBeDefined();
    tokens.set(role, cookie!.value);
    if (role === "admin") ids = await demoIds(async (p) => (await page.request.get(p)).json());
    await context.close();
  }
});

test("no budget is higher than in the last commit", () => {
  const committed = committedBudgets();
  const raised = Object.entries(budgets).filter(([key, bytes]) => key in committed && bytes > committed[key]);
  expect(raised.map(([key, bytes]) => `${key}: ${bytes} > ${committed[key]}`)).toEqual([]);
});

for (const route of ROUTES) {
  // The label without the ids, which are known only once the server has seeded them.
  const placeholderIds: Ids = { cleo: ":personId", published: ":id", draft: ":id", form: ":id" };
  const key = budgetKey(route.path(placeholderIds), route.as);
  test(`first-load JS of ${key}`, async ({ browser, baseURL }) => {
    const pathname = route.path(ids);
    expect(routeLabel(pathname, ids)).toBe(route.path(placeholderIds));
    const { firstLoad } = await visit(browser, baseURL!, pathname, route.as ? tokens.get(route.as) : undefined);
    console.log(`${key}: ${firstLoad} bytes first-load JS (gzip), budget ${budgets[key] ?? "none"}`);
    expect(budgets[key], `a budget for ${key} in ${path.basename(BUDGETS_FILE)}`).toBeDefined();
    expect(firstLoad, `first-load JS of ${key} (gzipped bytes)`).toBeLessThanOrEqual(budgets[key]);
  });
}
