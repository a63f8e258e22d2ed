import fs from "node:fs";
import path from "node:path";
import type { UiLocale } from "./locales";

export type Messages = Record<string, Record<string, unknown>>;

const cache = new Map<UiLocale, Messages>();

/**
 * The interface's messages for a locale: one JSON file per namespace under
 * messages/<locale>/<namespace>.json (features own their file, so nobody edits a shared one),
 * merged into { <namespace>: {…} }. Read once per process.
 */
export function loadMessages(locale: UiLocale): Messages {
  // Re-read on every request in development, so edited messages show without a restart.
  let messages = process.env.NODE_ENV === "development" ? undefined : cache.get(locale);
  if (!messages) {
    const dir = path.join(process.cwd(), "messages", locale);
    messages = Object.fromEntries(
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => [f.replace(/\.json$/, ""), JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))]),
    );
    cache.set(locale, messages);
  }
  return messages;
}
