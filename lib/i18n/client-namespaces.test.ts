import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientMessagesElementsIn, clientNamespacesOf } from "./client-namespaces";

/**
 * Each `<ClientMessages namespaces={[…]}>` sends exactly what the client components under it
 * read: none missing (a missing message shows its key on the page), none extra (bytes every
 * visit pays for). A page or layout without one is served by the nearest layout above it that
 * has one, and so are a folder's error and not-found pages; that layout's list covers theirs.
 */

const SEGMENT_FILES = new Set(["page.tsx", "layout.tsx", "error.tsx", "not-found.tsx", "loading.tsx", "template.tsx"]);

function segmentFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join("app", "api") ? [] : segmentFiles(full);
    // global-error.tsx replaces the root layout, and carries its own messages.
    return SEGMENT_FILES.has(entry.name) ? [full] : [];
  });
}

const files = segmentFiles("app");
const elements = new Map(files.map((file) => [file, clientMessagesElementsIn(file)]));
const wraps = (file: string) => elements.get(file)!.length > 0;
const isLayout = (file: string) => path.basename(file) === "layout.tsx";

/** The file whose ClientMessages serves `file`: itself, or the nearest layout above it that has one. */
function providerOf(file: string): string | undefined {
  if (wraps(file)) return file;
  // A layout sits inside its parent folder's layout; anything else inside its own folder's.
  let dir = isLayout(file) ? path.dirname(path.dirname(file)) : path.dirname(file);
  for (; dir.startsWith("app"); dir = path.dirname(dir)) {
    const layout = path.join(dir, "layout.tsx");
    if (elements.has(layout) && wraps(layout)) return layout;
  }
  return undefined;
}

/** What the files a layout's ClientMessages serves besides its own part read (its error page, pages without a list). */
const served = new Map<string, Set<string>>();
for (const file of files) {
  const provider = providerOf(file);
  const needs = clientNamespacesOf([file]);
  if (provider === file) continue;
  if (!provider) {
    it(`${file} reads no message without a ClientMessages above it`, () => expect(needs).toEqual([]));
    continue;
  }
  if (!served.has(provider)) served.set(provider, new Set());
  for (const ns of needs) served.get(provider)!.add(ns);
}

describe("each ClientMessages sends what its part's client components read", () => {
  it("the root layout sends messages", () => expect(wraps(path.join("app", "layout.tsx"))).toBe(true));
  for (const [file, list] of elements) {
    if (list.length === 0) continue;
    it(file, () => {
      if (isLayout(file)) expect(list, "one ClientMessages per layout").toHaveLength(1);
      for (const element of list) {
        const want = [...new Set([...clientNamespacesOf(element.renders), ...(served.get(file) ?? [])])].sort();
        expect([...element.namespaces].sort(), `the namespaces read under ClientMessages #${list.indexOf(element) + 1}`).toEqual(want);
      }
      // Nothing of the file outside its ClientMessages reads a message the lists leave out.
      const listed = new Set(list.flatMap((element) => element.namespaces));
      expect(clientNamespacesOf([file]).filter((ns) => !listed.has(ns))).toEqual([]);
    });
  }
});
