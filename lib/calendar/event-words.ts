import "server-only";
import { createTranslator } from "use-intl/core";
import { compiledMessages } from "@/lib/i18n/compiled-messages";
import type { UiLocale } from "@/lib/i18n/locales";
import type { EventDetails, EventWords } from "./interview-event";

/** The calendar's words in a reader's interface language (messages/<locale>/calendar.json). */
export const calendarText = (locale: UiLocale) => createTranslator({ locale, messages: compiledMessages(locale), namespace: "calendar" });

/** The interview's time as its reader reads it: their language, the district's zone. */
export function whenText(details: EventDetails, locale: UiLocale, timeZone: string) {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "short", timeZone, timeZoneName: undefined });
  const end = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone });
  return `${format.format(details.start)} – ${end.format(details.start + details.minutes * 60_000)} (${timeZone})`;
}

/** Title and description of the event: the time, place and links only. */
export function eventWords(details: EventDetails, locale: UiLocale, timeZone: string, pageUrl: string): EventWords {
  const t = calendarText(locale);
  const lines = [t("event.when", { time: whenText(details, locale, timeZone) })];
  if (details.location) lines.push(t("event.where", { location: details.location }));
  if (details.meeting_url) lines.push(t("event.join", { url: details.meeting_url }));
  lines.push(t("event.page", { url: pageUrl }));
  return { summary: t("event.summary", { name: details.name }), description: lines.join("\n"), pageUrl };
}
