import "server-only";
import compile from "icu-minify/compile";
import type { Messages as IntlMessages } from "use-intl/core";
import type { UiLocale } from "./locales";
import { loadMessages } from "./messages";

const cache = new Map<UiLocale, IntlMessages>();

function compileTree(value: unknown): unknown {
  // Through JSON: the compiler's objects have no prototype, and React only passes plain ones to the browser.
  if (typeof value === "string") return JSON.parse(JSON.stringify(compile(value)));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, nested]) => [key, compileTree(nested)]));
}

/**
 * The messages of a locale, each ICU message compiled ahead of formatting (icu-minify). use-intl
 * then formats them with its small format-only runtime (aliased for `use-intl/format-message`
 * in next.config.mjs and vitest.config.ts) instead of shipping an ICU parser to every browser.
 */
export function compiledMessages(locale: UiLocale): IntlMessages {
  let messages = process.env.NODE_ENV === "development" ? undefined : cache.get(locale);
  if (!messages) {
    // Typed as use-intl's messages: the compiled form is what its format-only runtime reads.
    messages = compileTree(loadMessages(locale)) as IntlMessages;
    cache.set(locale, messages);
  }
  return messages;
}
