"use client";

import { useFormatter, useLocale, useNow, useTranslations } from "next-intl";
import { useMemo } from "react";
import { languageName } from "@/components/languages/language-names";
import type { PersonName } from "./chat-types";

const DAY_KEY = { year: "numeric", month: "2-digit", day: "2-digit" } as const;

/** Names, titles, times and language names as the reader's interface writes them (next-intl). */
export function useChatFormat() {
  const t = useTranslations("chat");
  const format = useFormatter();
  const locale = useLocale();
  const now = useNow({ updateInterval: 60_000 });
  return useMemo(() => {
    const dayKey = (ms: number) => format.dateTime(new Date(ms), DAY_KEY);
    const today = dayKey(now.getTime());
    const yesterday = dayKey(now.getTime() - 86_400_000);
    const name = (id: string, people: PersonName[]) => {
      const person = people.find((p) => p.id === id);
      return person ? `${person.first} ${person.last}`.trim() : t("deletedPerson");
    };
    return {
      name,
      firstName: (id: string, people: PersonName[]) => people.find((p) => p.id === id)?.first ?? t("deletedPerson"),
      /** The other participants' names: "Ana López", "Ana, Bob and Cleo", "Ana, Bob and 3 others". */
      title(conversation: { participants: string[]; people: PersonName[] }, meId: string) {
        const others = conversation.participants.filter((id) => id !== meId);
        if (!others.length) return t("onlyYou");
        const names = others.map((id) => name(id, conversation.people));
        if (names.length <= 3) return format.list(names, { type: "conjunction" });
        return t("groupTitle", { names: names.slice(0, 2).join(", "), count: names.length - 2 });
      },
      list: (names: string[]) => format.list(names, { type: "conjunction" }),
      language: (code: string) => languageName(code, locale),
      time: (ms: number) => format.dateTime(new Date(ms), { timeStyle: "short" }),
      full: (ms: number) => format.dateTime(new Date(ms), { dateStyle: "full", timeStyle: "short" }),
      /** In the list: the time today, else the date. */
      when: (ms: number) =>
        dayKey(ms) === today ? format.dateTime(new Date(ms), { timeStyle: "short" }) : format.dateTime(new Date(ms), { dateStyle: "medium" }),
      dayKey,
      /** A day separator: Today, Yesterday, or the date. */
      day(ms: number) {
        const key = dayKey(ms);
        if (key === today) return t("today");
        if (key === yesterday) return t("yesterday");
        return format.dateTime(new Date(ms), { dateStyle: "full" });
      },
    };
  }, [t, format, locale, now]);
}
