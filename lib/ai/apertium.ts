import "server-only";
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { withTempDir } from "@/lib/media/temp-dir";
import { AppError } from "@/lib/errors/app-error";
import { countAiCall } from "./call-counts";
import { providerFailure } from "./provider-failure";
import { findOnPath, runProgram } from "./run-program";

// Apertium names its language pairs with ISO 639-3 codes ("eng-spa").
const APERTIUM_CODES: Record<string, string> = {
  en: "eng",
  es: "spa",
  ca: "cat",
  fr: "fra",
  pt: "por",
  it: "ita",
  de: "deu",
  gl: "glg",
  eu: "eus",
  oc: "oci",
  ro: "ron",
  nl: "nld",
  sv: "swe",
  da: "dan",
  nb: "nob",
  nn: "nno",
};

let installed: { command: string | null; pairs: Set<string> } | undefined;

/** The apertium binary and its installed directions ("eng-spa"), looked up once per binary. */
function apertium() {
  const command = findOnPath("apertium");
  if (installed?.command !== command) {
    const listed = command ? spawnSync(command, ["-l"], { encoding: "utf8", timeout: 10_000 }) : null;
    // Variants such as "spa-eng_US" are left out: only plain pairs map to BCP 47 codes.
    const pairs =
      listed?.status === 0
        ? listed.stdout
            .split("\n")
            .map((line) => line.trim())
            .filter((line) => /^[a-z]{3}-[a-z]{3}$/.test(line))
        : [];
    installed = { command, pairs: new Set(pairs) };
  }
  return installed;
}

function modeFor(from: string, to: string) {
  const pair = APERTIUM_CODES[from] && APERTIUM_CODES[to] ? `${APERTIUM_CODES[from]}-${APERTIUM_CODES[to]}` : null;
  return pair && apertium().pairs.has(pair) ? pair : null;
}

export function apertiumInstalled(): boolean {
  return apertium().pairs.size > 0;
}

export function apertiumSupports(from: string, to: string): boolean {
  return modeFor(from, to) !== null;
}

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const unescapeHtml = (text: string) => text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/**
 * Tidies apertium's output: it marks words it could not generate with "#" and transfer problems
 * with "@" (unknown words' "*" is already off with -u). Those marks are removed only when the
 * original had no such character, so a hashtag or a mention the user wrote survives.
 */
function tidy(translated: string, original: string) {
  let text = translated.replace(/(?<=\S) {2,}(?=\S)/g, " ").trim();
  for (const mark of ["#", "@"]) {
    if (!original.includes(mark)) text = text.replace(new RegExp(`${mark}(?=\\p{L})`, "gu"), "");
  }
  return text;
}

/**
 * Translates several texts with one apertium process. Each text goes in its own HTML paragraph:
 * the HTML format keeps tags in place and treats each paragraph as its own sentence, so texts
 * neither merge nor lose their place (the "line" format drops final full stops).
 */
export async function translateWithApertium(texts: string[], from: string, to: string): Promise<string[]> {
  const mode = modeFor(from, to);
  const { command } = apertium();
  if (!mode || !command) throw new AppError("ai_unavailable", `No offline translation from ${from} to ${to} is installed.`);
  countAiCall("translate");
  // The input goes through a file: apertium's script reopens /dev/stdin, which fails when
  // standard input is the socket Node gives a child process.
  const html = texts.map((text, i) => `<p id="t${i}">${escapeHtml(text)}</p>`).join("\n");
  const output = await withTempDir(async (dir) => {
    const input = path.join(dir, "input.html");
    await fs.writeFile(input, html);
    return runProgram(command, ["-u", "-f", "html-noent", mode, input]);
  }).catch((error: unknown) => {
    throw providerFailure("Translation", error);
  });
  const translations: Array<string | undefined> = texts.map(() => undefined);
  for (const [, index, body] of output.matchAll(/<p id="t(\d+)">([\s\S]*?)<\/p>/g)) {
    translations[Number(index)] = tidy(unescapeHtml(body), texts[Number(index)]);
  }
  if (translations.some((t) => t === undefined)) throw providerFailure("Translation", new Error("apertium lost some of the texts"));
  return translations as string[];
}
