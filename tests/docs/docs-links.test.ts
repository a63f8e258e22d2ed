import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs stay walkable: every relative link in README.md and docs/**\/*.md points at a file or
 * folder of this repository, every `#anchor` names a heading of its target (as GitHub slugs it),
 * and every `npm run <script>` they tell a reader to type is a script of package.json.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

function markdownFiles(): string[] {
  const found = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) found.push(rel);
    }
  };
  walk("docs");
  return found.sort();
}

/** The text with fenced code blocks blanked (line numbers kept), so their contents are not read as markdown. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split("\n")
    .map((line) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker) {
        fence = marker[0];
        return "";
      }
      if (fence !== null) {
        if (marker && marker[0] === fence) fence = null;
        return "";
      }
      return line;
    })
    .join("\n");
}

/** GitHub's heading slug (github-slugger): lower case, punctuation dropped, each space a hyphen. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link's text
    .replace(/<[^>]+>/g, "") // inline HTML
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor a markdown text offers: its headings' slugs (repeats numbered as GitHub does) and explicit HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split("\n")) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = slugOf(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count ? `${slug}-${count}` : slug);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

type Link = { target: string; line: number };

/** Inline links and images, and reference definitions, outside code. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  withoutFences(markdown)
    .split("\n")
    .forEach((raw, index) => {
      const line = raw.replace(/`[^`]*`/g, (code) => " ".repeat(code.length));
      for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1], line: index + 1 });
      const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
      if (definition) links.push({ target: definition[1], line: index + 1 });
    });
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** What is wrong with each relative link of `file` (a repository path), as sentences. */
function brokenLinks(file: string, markdown: string, readMarkdown: (file: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const { target, line } of linksOf(markdown)) {
    if (isExternal(target)) continue;
    const hash = target.indexOf("#");
    const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const where = `${file}:${line}: ${target}`;
    const resolved = pathPart ? path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart)) : file;
    if (resolved.startsWith("../") || path.posix.isAbsolute(resolved)) {
      problems.push(`${where} leaves the repository`);
      continue;
    }
    const absolute = path.join(ROOT, resolved);
    if (!fs.existsSync(absolute)) {
      problems.push(`${where}: no such file or folder`);
      continue;
    }
    if (anchor === undefined) continue;
    const text = !pathPart ? markdown : resolved.endsWith(".md") ? readMarkdown(resolved) : undefined;
    if (text === undefined) problems.push(`${where}: an anchor into a file that is not markdown`);
    else if (!anchorsOf(text).has(anchor)) problems.push(`${where}: no heading "#${anchor}" in ${resolved}`);
  }
  return problems;
}

/** Every script named by `npm run [-s|--silent] <script>`, `npm start` or `npm test`, code included. */
function npmScriptsOf(markdown: string): string[] {
  const scripts = [...markdown.matchAll(/\bnpm run(?:\s+(?:-s|--silent))?\s+([A-Za-z0-9:_.-]+)/g)].map((m) => m[1]);
  for (const match of markdown.matchAll(/\bnpm (start|test)\b/g)) scripts.push(match[1]);
  return scripts;
}

const read = (file: string) => {
  const absolute = path.join(ROOT, file);
  return fs.existsSync(absolute) ? fs.readFileSync(absolute, "utf8") : undefined;
};

describe("the docs' links and commands", () => {
  const files = markdownFiles();
  const scripts = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts));

  it("reads the README and the docs folder", () => {
    expect(files).toContain("README.md");
    expect(files.filter((f) => f.startsWith("docs/")).length).toBeGreaterThan(0);
  });

  it.each(files)("%s: every relative link and anchor resolves", (file) => {
    expect(brokenLinks(file, read(file)!, read)).toEqual([]);
  });

  it.each(files)("%s: every npm script it names exists", (file) => {
    const missing = npmScriptsOf(read(file)!).filter((script) => !scripts.has(script));
    expect(missing, `not in package.json's scripts: ${missing.join(", ")}`).toEqual([]);
  });
});

describe("the checker itself", () => {
  it("slugs headings as GitHub does", () => {
    const anchors = anchorsOf(
      "# Operations\n## One machine: `npm start`\n## compose.yaml\n## A person's data and erasure\n" +
        "## Overload is refused, never failed\n## Jobs\n## Jobs\n```\n# not a heading\n```\n## [Linked](x.md) *stress*\n",
    );
    expect([...anchors]).toEqual([
      "operations",
      "one-machine-npm-start",
      "composeyaml",
      "a-persons-data-and-erasure",
      "overload-is-refused-never-failed",
      "jobs",
      "jobs-1",
      "linked-stress",
    ]);
  });

  it("finds a missing file, a missing anchor, a link out of the repository, and leaves code and the web alone", () => {
    const markdown = [
      "[ok](README.md) [web](https://example.org/x.md) `[code](nowhere.md)`",
      "[gone](docs/nowhere.md) [anchor](README.md#no-such-heading) [out](../elsewhere/notes.md)",
      "```",
      "[in a fence](nowhere.md)",
      "```",
      "[self](#here)",
      "## Here",
    ].join("\n");
    const problems = brokenLinks("README.md", markdown, read);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain("docs/nowhere.md: no such file");
    expect(problems[1]).toContain('no heading "#no-such-heading"');
    expect(problems[2]).toContain("leaves the repository");
  });

  it("reads npm scripts with and without -s", () => {
    expect(npmScriptsOf("npm run -s admin -- x; `npm run bench:load -- --burst`; npm start; npm run --silent lint:knip")).toEqual([
      "admin",
      "bench:load",
      "lint:knip",
      "start",
    ]);
  });
});
