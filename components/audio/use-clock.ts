"use client";

import { useFormatter } from "next-intl";
import { useCallback } from "react";

/**
 * A length of time as a clock reads it, "4:05" or "1:02:03", with the reader's digits (next-intl's
 * number formatter); `seconds(ms)` rounds up to whole seconds for "37 s waiting".
 */
export function useClock() {
  const format = useFormatter();
  const two = useCallback((n: number) => format.number(n, { minimumIntegerDigits: 2, useGrouping: false }), [format]);
  const clock = useCallback(
    (ms: number) => {
      const total = Math.max(0, Math.floor(ms / 1000));
      const h = Math.floor(total / 3600);
      const m = Math.floor((total % 3600) / 60);
      const s = total % 60;
      return h ? `${format.number(h)}:${two(m)}:${two(s)}` : `${format.number(m)}:${two(s)}`;
    },
    [format, two],
  );
  const seconds = useCallback((ms: number) => format.number(Math.ceil(ms / 1000)), [format]);
  return { clock, seconds };
}
